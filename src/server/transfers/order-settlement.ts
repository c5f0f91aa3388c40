// The end of an order's hold: approval posts it (or, for a P2P payee who is no customer yet,
// keeps it as a claim; for an external order, hands it to the rail, which posts or voids it
// later), decline and expiry void it. Callers hold the order row locked. Every end is told
// to the customer's realtime channel in the same transaction (order-events.ts).
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { transferOrders } from '../db/schema-transfers.ts'
import { settleHold } from '../ledger/settle-hold.ts'
import type { OrderRow } from './approval-codes.ts'
import { openClaim, orderExpiryJobKind } from './transfer-orders.ts'
import { enqueueJobs } from '../jobs/job-queue.ts'
import { openGlobalPayment } from '../global-pay/global-payments.ts'
import { publishOrderEnd } from './order-events.ts'
import { handToRail } from './rail-hand-over.ts'
import { isExternalTransferType } from '../../shared/transfer-types.ts'
import { invoiceOrderEnded } from '../invoices/invoice-payment.ts'

export async function lockOrders(tx: Db, ids: number[]): Promise<OrderRow[]> {
  const rows: OrderRow[] = []
  for (const id of [...ids].sort((a, b) => a - b)) {
    const [row] = await tx
      .select()
      .from(transferOrders)
      .where(eq(transferOrders.id, id))
      .for('update')
    if (row) rows.push(row)
  }
  return rows
}

export type SettleOutcome =
  'completed' | 'heldForClaim' | 'sentToRail' | 'declined' | 'accountClosed'

/**
 * Posts the order's hold; a P2P order to a non-customer becomes a claim instead, and an
 * external order goes to its rail with the hold still in place.
 */
export async function completeOrder(
  tx: Db,
  order: OrderRow,
  decidedByUserId?: number,
): Promise<SettleOutcome> {
  if (!order.ledgerTransferId) throw new Error(`assertion: order ${order.id} has a hold`)
  const now = new Date()
  if (isExternalTransferType(order.kind)) {
    await handToRail(tx, order, decidedByUserId)
    return 'sentToRail'
  }
  if (order.kind === 'global' || (order.kind === 'p2p' && order.toAccountId === null)) {
    if (order.kind === 'global') await openGlobalPaymentLater(tx, order)
    else await openClaim(tx, order)
    await tx
      .update(transferOrders)
      .set({ status: 'heldForClaim', ...(decidedByUserId ? { decidedByUserId } : {}) })
      .where(eq(transferOrders.id, order.id))
    return 'heldForClaim'
  }
  const settled = await settleHold(tx, order.ledgerTransferId, 'posted')
  if (settled.outcome === 'account-closed') {
    await voidOrder(tx, order, 'failed', decidedByUserId)
    return 'accountClosed'
  }
  if (settled.outcome === 'already-settled') {
    throw new Error(`assertion: the hold of order ${order.id} was ${settled.status}`)
  }
  await tx
    .update(transferOrders)
    .set({ status: 'completed', completedAt: now, ...(decidedByUserId ? { decidedByUserId } : {}) })
    .where(eq(transferOrders.id, order.id))
  await invoiceOrderEnded(tx, order, true)
  await publishOrderEnd(tx, order, 'completed')
  return 'completed'
}

/** Voids the order's hold: the money is available to the sender again. */
export async function voidOrder(
  tx: Db,
  order: OrderRow,
  status: 'declined' | 'expired' | 'failed' | 'returned',
  decidedByUserId?: number,
  reason?: string,
): Promise<void> {
  if (!order.ledgerTransferId) throw new Error(`assertion: order ${order.id} has a hold`)
  const settled = await settleHold(tx, order.ledgerTransferId, 'voided')
  if (settled.outcome !== 'settled' && settled.outcome !== 'replayed') {
    throw new Error(`assertion: the hold of order ${order.id} could be voided`)
  }
  await tx
    .update(transferOrders)
    .set({ status, completedAt: new Date(), ...(decidedByUserId ? { decidedByUserId } : {}) })
    .where(eq(transferOrders.id, order.id))
  await invoiceOrderEnded(tx, order, false)
  await publishOrderEnd(tx, order, status, reason)
}

/** A global payment opened after its code or approver: its expiry runs from now. */
async function openGlobalPaymentLater(tx: Db, order: OrderRow): Promise<void> {
  const payment = await openGlobalPayment(tx, order)
  await enqueueJobs(tx, [
    { kind: orderExpiryJobKind, payload: { orderId: order.id }, runAt: payment.expiresAt },
  ])
}
