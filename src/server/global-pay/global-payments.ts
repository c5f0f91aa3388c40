// A global payment's recipient side (issue 16, product-spec section 3 "Global payment
// (recipient side)"): the row that stands beside a transfer order of kind 'global' once its
// money is held in clearing:global for the recipient. The order goes through submitOrder like
// any transfer; this file opens the payment (a random secret, stored hashed, e-mailed as
// /receive/<secret>), finds it by its secret (an unknown and an expired secret get the same
// answer), expires it and records the end of its payout. It imports nothing of the order
// files, which import it.
import { createHash, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customers } from '../db/schema.ts'
import { globalPayments, transferOrders } from '../db/schema-transfers.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { formatMoney, fromMinor } from '../../shared/money.ts'
import { enqueueMessage } from '../security/outbox.ts'
import { languageOfUser } from '../messages/reader-language.ts'
import { refusal, validationFailure, type Failure } from '../rpc/outcome.ts'
import { displayNameOf } from '../transfers/payee-lookup.ts'
import { globalPaymentLifetimeDays } from '../../shared/global-payment.ts'

export type GlobalPaymentRow = typeof globalPayments.$inferSelect
type OrderRow = typeof transferOrders.$inferSelect

// How long a recipient has to choose how to be paid: shared with the sender's summary page.
export { globalPaymentLifetimeDays }
const dayMs = 86_400_000

export function secretHashOf(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}

/** The sender's name as the recipient reads it (a company's name, or first name and initial). */
export async function senderNameOf(db: Db, customerId: number): Promise<string> {
  const [row] = await db
    .select({
      businessName: customers.businessName,
      firstName: customers.firstName,
      lastName: customers.lastName,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
  return row ? displayNameOf(row) : ''
}

/**
 * Opens the payment of a global order whose money is held (at submit, or once its code or its
 * approver let it go) and e-mails the link to the beneficiary. `secret` is fixed only by the
 * demo; otherwise a random one is made, and only its hash is kept.
 */
export async function openGlobalPayment(
  tx: Db,
  order: OrderRow,
  secret: string = randomBytes(24).toString('base64url'),
): Promise<GlobalPaymentRow> {
  if (!order.toEmail) throw new Error('assertion: a global payment has an e-mail')
  const details = order.details
  const [row] = await tx
    .insert(globalPayments)
    .values({
      orderId: order.id,
      email: order.toEmail,
      beneficiaryName: typeof details.beneficiaryName === 'string' ? details.beneficiaryName : '',
      secretHash: secretHashOf(secret),
      countryCode: typeof details.countryCode === 'string' ? details.countryCode : null,
      feeIsBen: details.feeIsBen === true,
      expiresAt: new Date(Date.now() + globalPaymentLifetimeDays * dayMs),
    })
    .returning()
  if (!row) throw new Error('assertion: the global payment was inserted')
  // The recipient has no account: the sender's language is the best guess (as for a claim).
  const lang = await languageOfUser(tx, order.createdByUserId)
  const amount = fromMinor(order.toAmountMinor, scaleOf(order.toCurrencyCode))
  await enqueueMessage(tx, {
    channel: 'email',
    recipient: order.toEmail,
    lang,
    mail: 'globalPayment',
    params: {
      sender: await senderNameOf(tx, order.customerId),
      amount: formatMoney(amount, order.toCurrencyCode, lang),
      link: `/receive/${secret}`,
      days: globalPaymentLifetimeDays,
    },
  })
  return row
}

export const unknownSecret = (): Failure =>
  validationFailure([refusal('paymentSecret', 'refusal.globalPay.unknownLink')])

/**
 * The payment of a secret with its order, or the one refusal for a secret that names none and
 * for one whose payment expired (so a guess learns nothing). Expiry is enforced here, on read,
 * whether or not the expiry job has run yet.
 */
export async function paymentBySecret(
  db: Db,
  secret: string,
  now = new Date(),
): Promise<{ payment: GlobalPaymentRow; order: OrderRow } | Failure> {
  const [found] = await db
    .select({ payment: globalPayments, order: transferOrders })
    .from(globalPayments)
    .innerJoin(transferOrders, eq(transferOrders.id, globalPayments.orderId))
    .where(eq(globalPayments.secretHash, secretHashOf(secret)))
  if (!found || isExpired(found.payment, now)) return unknownSecret()
  return found
}

/** Expired: its time is up while it still waited for the recipient, or the job expired it. */
export function isExpired(payment: GlobalPaymentRow, now: Date): boolean {
  if (payment.status === 'expired') return true
  const open = payment.status === 'waiting' || payment.status === 'submitted'
  return open && payment.expiresAt.getTime() <= now.getTime()
}

/**
 * Days left before the payment expires, a day begun counting as one: 14 right after it is sent,
 * as the recipient's e-mail and the sender's summary say, and 1 on its last day.
 */
export function expireDaysOf(payment: GlobalPaymentRow, now = new Date()): number {
  return Math.max(0, Math.ceil((payment.expiresAt.getTime() - now.getTime()) / dayMs))
}

/**
 * For the order expiry job: whether the global order's hold is due to be voided now. Its
 * payment, if opened, expires only at its own time, and only while it waits for the recipient.
 */
export async function globalPaymentExpires(tx: Db, orderId: number, now: Date): Promise<boolean> {
  const [payment] = await tx
    .select()
    .from(globalPayments)
    .where(eq(globalPayments.orderId, orderId))
  if (!payment) return true
  if (payment.status !== 'waiting' && payment.status !== 'submitted') return false
  if (payment.expiresAt.getTime() > now.getTime()) return false
  await tx
    .update(globalPayments)
    .set({ status: 'expired', decidedAt: now })
    .where(eq(globalPayments.id, payment.id))
  return true
}

/** The rail's report on the recipient's payout: paid, or returned to the sender. */
export async function globalPayoutEnded(
  tx: Db,
  orderId: number,
  outcome: 'settled' | 'returned',
): Promise<void> {
  await tx
    .update(globalPayments)
    .set({ status: outcome === 'settled' ? 'paid' : 'returned', decidedAt: new Date() })
    .where(eq(globalPayments.orderId, orderId))
}
