// What the recipient's operations share (issue 16): the payment their paymentSecret names
// (global-pay/global-payments.ts refuses an unknown and an expired secret alike), the payment
// as the recipient reads it, and the countries it may be paid in.
import type { Db } from '../db/open-database.ts'
import { eq } from 'drizzle-orm'
import { globalPayments } from '../db/schema-transfers.ts'
import { type Failure, refusal, validationFailure } from '../rpc/outcome.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { fromMinor } from '../../shared/money.ts'
import { countryEntries } from '../dictionaries/country-table.ts'
import {
  expireDaysOf,
  type GlobalPaymentRow,
  paymentBySecret,
  senderNameOf,
} from '../global-pay/global-payments.ts'
import { globalPayoutMethods } from '../global-pay/payout-methods.ts'

type Found = Exclude<Awaited<ReturnType<typeof paymentBySecret>>, Failure>
export type RecipientPayment = Found

export function isFound(value: Found | Failure): value is Found {
  return 'payment' in value
}

/** Resolves the secret and, when it names a payment still readable, runs `work` with it. */
export async function withPayment<T>(
  db: Db,
  secret: string,
  work: (found: Found) => Promise<T>,
): Promise<T | Failure> {
  const found = await paymentBySecret(db, secret)
  return isFound(found) ? work(found) : found
}

/**
 * The countries the recipient may choose: the sender's country when the sender named one,
 * else every country some payout method reaches (docs/decisions.md, "Global payments").
 */
export function allowedCountriesOf(payment: GlobalPaymentRow, currencyCode: string): string[] {
  if (payment.countryCode) return [payment.countryCode]
  return countryEntries
    .map((entry) => entry.code)
    .filter((code) => globalPayoutMethods(code, currencyCode).length > 0)
}

/** What the recipient may be paid: the amount less the fee when the beneficiary pays it. */
export function payableOf({ order }: Found): string {
  return fromMinor(order.toAmountMinor, scaleOf(order.toCurrencyCode))
}

/** The recipient's status words: waiting, submitted, paying, paid, refused, returned. */
export async function detailsOf(db: Db, found: Found) {
  const { payment, order } = found
  const description = order.details.description
  return {
    paymentId: payment.id,
    beneficiaryName: payment.beneficiaryName,
    senderName: await senderNameOf(db, order.customerId),
    amount: payableOf(found),
    currencyCode: order.toCurrencyCode,
    ...(typeof description === 'string' ? { description } : {}),
    feeIsBen: payment.feeIsBen,
    submittedDate: payment.createdAt.toISOString(),
    expireDays: expireDaysOf(payment),
    status: payment.status,
    allowedCountries: allowedCountriesOf(payment, order.toCurrencyCode),
  }
}

/** The payment row again, locked, inside the caller's transaction (its status may have moved). */
export async function lockedPayment(tx: Db, found: Found): Promise<Found> {
  const [payment] = await tx
    .select()
    .from(globalPayments)
    .where(eq(globalPayments.id, found.payment.id))
    .for('update')
  if (!payment) throw new Error(`assertion: global payment ${found.payment.id} exists`)
  return { payment, order: found.order }
}

/** A payment the recipient may still act on: waiting, or with a withdrawal awaiting its code. */
export function isOpen(payment: GlobalPaymentRow): boolean {
  return payment.status === 'waiting' || payment.status === 'submitted'
}

export const notOpen = (): Failure =>
  validationFailure([refusal('paymentSecret', 'refusal.globalPay.notWaiting')])
