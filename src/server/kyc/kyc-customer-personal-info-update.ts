// kycCustomerPersonalInfoUpdate: the person's details asked for when a personal info update is
// needed (product-spec section 2, profile-update; section 5: names trimmed, whitespace
// collapsed). Countries must be in the dictionary and the birthday in the past; the update
// clears isNeedPersonalInfoUpdate, and the answer is the KYC customer info after it.
import { eq, sql } from 'drizzle-orm'
import type { Handler, RequestOf } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { type FieldError, refusal, rpcOk, validationFailure, rpcRefuse } from '../rpc/outcome.ts'
import { customers, kycProfiles } from '../db/schema.ts'
import { country } from '../dictionaries/country-table.ts'
import { normalizeName } from '../../shared/registration-rules.ts'
import { daysBetween } from '../../shared/document-review.ts'
import { loadCustomerRecords } from './customer-records.ts'
import { kycCustomerInfoView } from './kyc-customer-info.ts'

type Input = RequestOf<'kycCustomerPersonalInfoUpdate'>

function detailErrors(input: Input, today: string): FieldError[] {
  const errors: FieldError[] = []
  const notACountry = 'refusal.common.notDictionaryCountry'
  if (!country(input.residenceCountryCode)) {
    errors.push(refusal('residenceCountryCode', notACountry))
  }
  if (input.birthCountryCode !== undefined && !country(input.birthCountryCode)) {
    errors.push(refusal('birthCountryCode', notACountry))
  }
  input.citizenshipCountryCodes?.forEach((code, index) => {
    if (!country(code)) errors.push(refusal(`citizenshipCountryCodes.${index}`, notACountry))
  })
  if (daysBetween(today, input.birthDay) >= 0) {
    errors.push(refusal('birthDay', 'refusal.common.mustBeInPast'))
  }
  return errors
}

export const handler: Handler<'kycCustomerPersonalInfoUpdate'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const errors = detailErrors(input, new Date().toISOString().slice(0, 10))
  if (errors.length > 0) return validationFailure(errors)
  const profile = {
    ...(input.birthCountryCode !== undefined ? { birthCountryCode: input.birthCountryCode } : {}),
    ...(input.birthCity !== undefined ? { birthCity: input.birthCity.trim() } : {}),
    ...(input.citizenshipCountryCodes !== undefined
      ? { citizenshipCountryCodes: input.citizenshipCountryCodes }
      : {}),
  }
  const updated = await context.db.transaction(async (tx) => {
    const rows = await tx
      .update(customers)
      .set({
        firstName: normalizeName(input.firstName),
        lastName: normalizeName(input.lastName),
        birthDay: input.birthDay,
        residenceCountryCode: input.residenceCountryCode,
        needsPersonalInfoUpdate: false,
      })
      .where(eq(customers.id, customerId))
      .returning({ id: customers.id })
    if (rows.length === 0) return false
    await tx
      .insert(kycProfiles)
      .values({ customerId, ...profile })
      .onConflictDoUpdate({
        target: kycProfiles.customerId,
        set: { ...profile, updatedAt: sql`now()` },
      })
    return true
  })
  if (!updated) return rpcRefuse('UE', 'answer.common.customerNotFound')
  const records = await loadCustomerRecords(context.db, customerId)
  if (!records) return rpcRefuse('UE', 'answer.common.customerNotFound')
  return rpcOk({ kycCustomerInfo: kycCustomerInfoView(records) })
}
