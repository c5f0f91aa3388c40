// The dictionary entries the KYC answers and a business's financial details refer to
// (product-spec sections 3 and 7, Dictionaries): the schema checks their shape, this that each
// names an entry, with the registration's sets (activation/registration-dictionaries.ts).
import type { RequestOf } from '../rpc/handler-context.ts'
import type { FieldError } from '../rpc/outcome.ts'
import type { components } from '../../generated/api.d.ts'
import { DictionaryCheck, known } from '../activation/registration-dictionaries.ts'
import { refusal } from '../rpc/outcome.ts'

/** KYC answers: a personal customer's sources and purposes, or a business's. */
export function kycAnswerErrors(
  input: RequestOf<'kycInfoUpdate'>,
  isBusiness: boolean,
): FieldError[] {
  const check = new DictionaryCheck()
  check.entry('occupationId', input.occupationId, known.occupation)
  check.entry('secondOccupationId', input.secondOccupationId, known.occupation)
  const sources = isBusiness ? known.businessSource : known.personalSource
  const purposes = isBusiness ? known.businessPurpose : known.personalPurpose
  check.entries('sourceOfFundsIds', input.sourceOfFundsIds, sources)
  check.entries('purposeIds', input.purposeIds, purposes)
  check.entry('estimatedMonthlyDepositId', input.estimatedMonthlyDepositId, known.depositRange)
  return check.errors
}

/** A business's financial details, as registration checks them. */
export function financialDetailErrors(detail: components['schemas']['FinancialDetail']) {
  const check = new DictionaryCheck()
  check.currency('monthlyDepositCurrency', detail.monthlyDepositCurrency)
  check.currency('monthlyWithdrawalCurrency', detail.monthlyWithdrawalCurrency)
  check.entries('sourceIds', detail.sourceIds, known.businessSource)
  check.entries('purposeIds', detail.purposeIds, known.businessPurpose)
  check.entry('industry', detail.industry, known.industry)
  // A specification names a chosen source or purpose only.
  for (const key of Object.keys(detail.sourceSpecifications ?? {})) {
    if (!detail.sourceIds.includes(Number(key))) {
      check.errors.push(refusal(`sourceSpecifications.${key}`, 'refusal.kyc.notChosenSource'))
    }
  }
  for (const key of Object.keys(detail.purposeSpecifications ?? {})) {
    if (!detail.purposeIds.includes(Number(key))) {
      check.errors.push(refusal(`purposeSpecifications.${key}`, 'refusal.kyc.notChosenPurpose'))
    }
  }
  return check.errors
}
