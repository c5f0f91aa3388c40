// How a phone request and its confirmation change a customer's phones (product-spec sections 3
// and 5; docs/decisions.md, "Phones, e-mails, addresses and tax id"). A new number is stored
// unconfirmed and gets a code by SMS. A replacement keeps the old phone, and its place as the
// primary one, until the new number is confirmed: then the old phone becomes history
// (replaced_at) and the new one takes its place. A customer without a primary phone gets the
// new one as primary at once. Asking again for a number that waits for its code sends a new
// code for the same phone, so a lost SMS never leaves a second copy of the number.
import { and, asc, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customerPhones } from '../db/schema.ts'
import { phoneConfirmations } from '../db/schema-customer.ts'
import { type Failure, refusal, validationFailure, rpcRefuse } from '../rpc/outcome.ts'
import type { PhoneRow } from '../kyc/customer-records.ts'
import {
  cancelPhoneCodes,
  checkPhoneCode,
  issuePhoneCode,
  type CodeCheck,
  type PhoneCodeRow,
} from './phone-confirmation-codes.ts'
import type { PhoneNumber } from './phone-numbers.ts'
import { Refusal } from './write-transaction.ts'

/** Phones a customer may hold at once (confirmed or waiting for their code). */
export const maxPhones = 5

/** The customer's current phones, primary first, locked for the change. */
export async function currentPhones(tx: Db, customerId: number): Promise<PhoneRow[]> {
  return tx
    .select()
    .from(customerPhones)
    .where(and(eq(customerPhones.customerId, customerId), isNull(customerPhones.replacedAt)))
    .orderBy(desc(customerPhones.isPrimary), asc(customerPhones.id))
    .for('update')
}

export function samePhone(row: PhoneRow, phone: PhoneNumber): boolean {
  return row.countryCode === phone.countryCode && row.number === phone.number
}

export interface PhoneRequest {
  customerId: number
  userId: number
  phone: PhoneNumber
  /** The customer's current phones (currentPhones, read in this transaction). */
  phones: PhoneRow[]
  /** The phone the number takes the place of once confirmed. */
  replaces?: PhoneRow | undefined
  /** Whether the answer carries a reqId for confirmPhone (phoneAdd, phoneReplace). */
  withRequestId: boolean
  /** The request's name for the number ('number' or 'phone.number'). */
  numberField: string
}

export interface RequestedPhone {
  phone: PhoneRow
  reqId?: string
}

/**
 * Stores the number (or finds it among the customer's phones) and sends its code. A number
 * already confirmed is refused unless it is to take another phone's place; running out of
 * codes for the number rolls the change back.
 */
export async function requestPhone(
  tx: Db,
  request: PhoneRequest,
): Promise<RequestedPhone | Failure> {
  const { phones, replaces } = request
  const known = phones.find((row) => samePhone(row, request.phone))
  if (known && known.id === replaces?.id) {
    return validationFailure([refusal(request.numberField, 'refusal.customer.numberBeingReplaced')])
  }
  if (known?.confirmedAt && !replaces) {
    return validationFailure([refusal(request.numberField, 'refusal.customer.alreadyOnFile')])
  }
  if (!known && !replaces && phones.length >= maxPhones) {
    if (!(await giveWay(tx, phones))) {
      const limit = { limit: maxPhones }
      return validationFailure([
        refusal(request.numberField, 'refusal.customer.tooManyPhones', limit),
      ])
    }
  }
  const phone = known ?? (await insertPhone(tx, request))
  if (replaces) await retireSupersededRequests(tx, request.customerId, replaces.id, phone.id)
  const issued = await issuePhoneCode(tx, {
    phoneId: phone.id,
    customerId: request.customerId,
    userId: request.userId,
    phone: request.phone,
    replacesPhoneId: replaces?.id,
    withRequestId: request.withRequestId,
  })
  if (!issued.sent) {
    const extra = { retryAfterSeconds: issued.retryAfterSeconds }
    throw new Refusal(rpcRefuse('TA1', 'answer.phone.tooManyCodes', undefined, extra))
  }
  return issued.reqId === undefined ? { phone } : { phone, reqId: issued.reqId }
}

/**
 * Makes room for a new number: the oldest unconfirmed secondary phone whose code can no longer
 * be used (expired, canceled, or its tries spent) leaves the list. False when none can.
 */
async function giveWay(tx: Db, phones: PhoneRow[]): Promise<boolean> {
  const unconfirmed = phones.filter((row) => !row.confirmedAt && !row.isPrimary)
  if (unconfirmed.length === 0) return false
  const live = await tx
    .selectDistinct({ phoneId: phoneConfirmations.phoneId })
    .from(phoneConfirmations)
    .where(
      and(
        inArray(
          phoneConfirmations.phoneId,
          unconfirmed.map((row) => row.id),
        ),
        isNull(phoneConfirmations.usedAt),
        isNull(phoneConfirmations.canceledAt),
        gt(phoneConfirmations.expiresAt, sql`now()`),
      ),
    )
  const waiting = new Set(live.map((row) => row.phoneId))
  const stale = unconfirmed.find((row) => !waiting.has(row.id))
  if (!stale) return false
  await tx
    .update(customerPhones)
    .set({ replacedAt: new Date() })
    .where(eq(customerPhones.id, stale.id))
  await cancelPhoneCodes(tx, [stale.id])
  return true
}

async function insertPhone(tx: Db, request: PhoneRequest): Promise<PhoneRow> {
  const hasPrimary = request.phones.some((row) => row.isPrimary)
  const [row] = await tx
    .insert(customerPhones)
    .values({ customerId: request.customerId, ...request.phone, isPrimary: !hasPrimary })
    .returning()
  if (!row) throw new Error('assertion: the phone was inserted')
  return row
}

/**
 * A newer request to replace a phone makes the older ones moot: the unconfirmed numbers they
 * added leave the list with their codes, so only the number asked for last can take its place.
 */
async function retireSupersededRequests(
  tx: Db,
  customerId: number,
  replacedId: number,
  keptId: number,
): Promise<void> {
  const pending = await tx
    .selectDistinct({ phoneId: phoneConfirmations.phoneId })
    .from(phoneConfirmations)
    .innerJoin(customerPhones, eq(customerPhones.id, phoneConfirmations.phoneId))
    .where(
      and(
        eq(phoneConfirmations.customerId, customerId),
        eq(phoneConfirmations.replacesPhoneId, replacedId),
        ne(phoneConfirmations.phoneId, keptId),
        isNull(phoneConfirmations.usedAt),
        isNull(phoneConfirmations.canceledAt),
        isNull(customerPhones.confirmedAt),
        isNull(customerPhones.replacedAt),
      ),
    )
  const ids = pending.map((row) => row.phoneId)
  if (ids.length === 0) return
  await tx
    .update(customerPhones)
    .set({ replacedAt: new Date(), isPrimary: false })
    .where(inArray(customerPhones.id, ids))
  await cancelPhoneCodes(tx, ids)
}

/**
 * Applies a right code: the phone is confirmed, takes the place of the phone it replaces
 * (the primary one's included), and becomes primary when the customer has none.
 */
export async function applyConfirmation(tx: Db, code: PhoneCodeRow): Promise<PhoneRow> {
  const now = new Date()
  const phones = await currentPhones(tx, code.customerId)
  const replaced = phones.find((row) => row.id === code.replacesPhoneId && row.id !== code.phoneId)
  let makePrimary = !phones.some((row) => row.isPrimary && row.id !== replaced?.id)
  if (replaced) {
    makePrimary ||= replaced.isPrimary
    await tx
      .update(customerPhones)
      .set({ replacedAt: now, isPrimary: false })
      .where(eq(customerPhones.id, replaced.id))
    await cancelPhoneCodes(tx, [replaced.id])
  }
  const [phone] = await tx
    .update(customerPhones)
    .set({ confirmedAt: now, ...(makePrimary ? { isPrimary: true } : {}) })
    .where(eq(customerPhones.id, code.phoneId))
    .returning()
  if (!phone) throw new Error('assertion: the confirmed phone exists')
  return phone
}

/** The fields a confirmation names: its id field and its code field. */
export interface ConfirmationFields {
  id: string
  code: string
}

/** The answer to a failed check (product-spec section 8: a failure carries its description). */
export function checkFailure(
  check: Exclude<CodeCheck, { outcome: 'right' }>,
  fields: ConfirmationFields,
): Failure {
  switch (check.outcome) {
    case 'wrongCode':
      return validationFailure([
        refusal(fields.code, 'refusal.customer.wrongPhoneCode', { attempts: check.attemptsLeft }),
      ])
    case 'wrongVerifier':
      return validationFailure([
        refusal('codeVerifier', 'refusal.customer.wrongChallengeCode', {
          attempts: check.attemptsLeft,
        }),
      ])
    case 'used':
      return validationFailure([refusal(fields.id, 'refusal.common.alreadyConfirmed')])
    case 'blocked':
      return rpcRefuse('TA1', 'answer.customer.tooManyWrongCodes')
    case 'expired':
      return rpcRefuse('TA1', 'answer.customer.phoneCodeExpired')
    case 'canceled':
      return rpcRefuse('TA1', 'answer.customer.phoneCodeReplaced')
  }
}

/** Checks a code row and, when right, applies it; the phone after the change or the failure. */
export async function confirmWithCode(
  tx: Db,
  code: PhoneCodeRow,
  given: { code: string; codeVerifier?: string },
  fields: ConfirmationFields,
): Promise<PhoneRow | Failure> {
  const check = await checkPhoneCode(tx, code, given.code, given.codeVerifier)
  if (check.outcome !== 'right') return checkFailure(check, fields)
  return applyConfirmation(tx, code)
}
