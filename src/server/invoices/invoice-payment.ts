// Paying an invoice with a P2P transfer that carries its id (issue 16; product-spec section 7,
// P2P transfer funds: invoiceId). Before the order: the invoice is one this customer is asked
// to pay, in the transfer's currency and for its amount, and the transfer goes to its payee's
// receiving account. Inside the order's transaction (transfer-orders.ts, onCreated), under the
// request's idempotency key: the invoice row is locked and must still be unpaid; it becomes
// paid when the money moved, or paymentPending while the transfer waits for a code or an
// approver. When such a transfer ends (order-settlement.ts) the invoice is paid, or unpaid
// again. A repeat of the request replays the first answer; a second request for the same
// invoice finds it no longer unpaid and is refused, so the invoice is paid once.
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { invoices } from '../db/schema-invoices.ts'
import { refusal, validationFailure, type FieldError } from '../rpc/outcome.ts'
import { AccountStatus, InvoiceStatusId } from '../../generated/constants.ts'
import { fromMinor } from '../../shared/money.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { accountById } from '../ledger/accounts.ts'
import type { AccountRow } from '../accounts/account-view.ts'
import type { OrderRow } from '../transfers/approval-codes.ts'
import { Refusal, type OrderDraft } from '../transfers/transfer-orders.ts'
import { invoiceOfReader, openInvoiceError, type InvoiceRow } from './invoice-records.ts'
import { tellPayee } from './invoice-notices.ts'

export interface InvoiceToPay {
  invoice: InvoiceRow
  /** The payee's receiving account, when it is still active. */
  to?: AccountRow
}

/** The invoice the transfer pays, checked against the transfer; or the field that differs. */
export async function invoiceToPay(
  db: Db,
  payerId: number,
  transfer: { invoiceId: number; amountMinor: bigint; currency: string; toCustomerId?: number },
): Promise<InvoiceToPay | FieldError> {
  const found = await invoiceOfReader(db, payerId, transfer.invoiceId)
  if (!found?.asPayer) {
    return refusal('invoiceId', 'refusal.invoices.notAskedToPay')
  }
  const invoice = found.row
  if (transfer.currency !== invoice.currencyCode) {
    return refusal('currency', 'refusal.invoices.currency', { currency: invoice.currencyCode })
  }
  if (transfer.amountMinor !== invoice.amountMinor) {
    const amount = fromMinor(invoice.amountMinor, scaleOf(invoice.currencyCode))
    return refusal('amount', 'refusal.invoices.amount', { amount })
  }
  if (transfer.toCustomerId !== invoice.payeeCustomerId) {
    return refusal('toEmail', 'refusal.invoices.payee')
  }
  const account = await accountById(db, invoice.payeeAccountId)
  const to = account?.statusId === AccountStatus.Active ? account : undefined
  return { invoice, ...(to ? { to } : {}) }
}

/**
 * What paying an invoice adds to a P2P order: the payee's receiving account and the invoice's
 * change in the order's transaction; nothing without invoiceId; or the field that refuses it.
 */
export async function invoicePart(
  db: Db,
  payerId: number,
  transfer: {
    invoiceId: number | undefined
    amountMinor: bigint
    currency: string
    toCustomerId: number | undefined
    recurring: boolean
  },
): Promise<Pick<OrderDraft, 'to' | 'onCreated'> | FieldError> {
  const { invoiceId, toCustomerId } = transfer
  if (invoiceId === undefined) return {}
  const paying = await invoiceToPay(db, payerId, {
    ...transfer,
    invoiceId,
    ...(toCustomerId !== undefined ? { toCustomerId } : {}),
  })
  if ('parameter' in paying) return paying
  if (transfer.recurring) {
    return refusal('subscriptionFrequency', 'refusal.invoices.notRecurring')
  }
  return {
    ...(paying.to ? { to: paying.to } : {}),
    onCreated: (tx, order) => markInvoicePaying(tx, invoiceId, order),
  }
}

/** In the order's transaction: the invoice, still unpaid, becomes paid or paymentPending. */
export async function markInvoicePaying(tx: Db, invoiceId: number, order: OrderRow) {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update')
  if (!row) throw new Error(`assertion: invoice ${invoiceId} exists`)
  const closed = openInvoiceError(row)
  if (closed) throw new Refusal(validationFailure([closed]))
  const paid = order.status === 'completed'
  const [changed] = await tx
    .update(invoices)
    .set({
      statusId: paid ? InvoiceStatusId.Paid : InvoiceStatusId.PaymentPending,
      orderId: order.id,
      payerCustomerId: order.customerId,
      payerAccountId: order.fromAccountId,
      updatedAt: new Date(),
    })
    .where(eq(invoices.id, invoiceId))
    .returning()
  if (paid && changed) await tellPayee(tx, changed, 'invoicePaid')
}

/** A paying order that waited has ended: its invoice is paid, or unpaid again. */
export async function invoiceOrderEnded(tx: Db, order: OrderRow, completed: boolean) {
  if (order.details.invoiceId === undefined) return
  const [changed] = await tx
    .update(invoices)
    .set(
      completed
        ? { statusId: InvoiceStatusId.Paid, updatedAt: new Date() }
        : { statusId: InvoiceStatusId.Unpaid, orderId: null, updatedAt: new Date() },
    )
    .where(eq(invoices.orderId, order.id))
    .returning()
  if (completed && changed) await tellPayee(tx, changed, 'invoicePaid')
}
