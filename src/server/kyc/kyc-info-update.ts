// kycInfoUpdate: saves the acting customer's KYC answers (occupation, sources of funds,
// purposes, expected deposits; product-spec sections 3 and 7), each id an entry of its
// dictionary, and answers the KYC customer info after the change.
import { sql } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, validationFailure, rpcRefuse } from '../rpc/outcome.ts'
import { kycProfiles } from '../db/schema.ts'
import { loadCustomerRecords } from './customer-records.ts'
import { kycCustomerInfoView } from './kyc-customer-info.ts'
import { kycAnswerErrors } from './answer-dictionaries.ts'
import { isBusinessCustomer } from './record-views.ts'
import { settleKycNeed } from './kyc-need.ts'

export const handler: Handler<'kycInfoUpdate'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const before = await loadCustomerRecords(context.db, customerId)
  if (!before) return rpcRefuse('UE', 'answer.common.customerNotFound')
  const errors = kycAnswerErrors(input, isBusinessCustomer(before))
  if (errors.length > 0) return validationFailure(errors)
  const answers = {
    occupationId: input.occupationId,
    secondOccupationId: input.secondOccupationId ?? null,
    sourceOfFundsIds: input.sourceOfFundsIds,
    purposeIds: input.purposeIds,
    estimatedMonthlyDepositId: input.estimatedMonthlyDepositId,
  }
  await context.db
    .insert(kycProfiles)
    .values({ customerId, ...answers })
    .onConflictDoUpdate({
      target: kycProfiles.customerId,
      set: { ...answers, updatedAt: sql`now()` },
    })
  // The answers may complete what KYC asks (kyc-need.ts).
  await settleKycNeed(context.db, customerId)
  const records = await loadCustomerRecords(context.db, customerId)
  if (!records) return rpcRefuse('UE', 'answer.common.customerNotFound')
  return rpcOk({ kycCustomerInfo: kycCustomerInfoView(records) })
}
