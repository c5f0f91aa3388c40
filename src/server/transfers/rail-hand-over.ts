// The rail's side of an external order, first half: handing the payout over once the order is
// approved (at once for approval type 0, after the code or the approver otherwise). The rail
// reports the outcome later (rail-outcomes.ts). Apart from that file so that submitting and
// settling an order need not import the outcome, which settles and voids orders.
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { transferOrders } from '../db/schema-transfers.ts'
import { railFor } from '../adapters/rail/rails.ts'
import type { OrderRow } from './approval-codes.ts'
import { isExternalTransferType } from '../../shared/transfer-types.ts'

function text(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

/** Marks the order pending at its rail and hands the payout over, in the caller's transaction. */
export async function handToRail(tx: Db, order: OrderRow, decidedByUserId?: number): Promise<void> {
  // A global payment goes out by the method its recipient chose (details.payoutKind).
  const kind = order.kind === 'global' ? text(order.details.payoutKind) : order.kind
  if (!isExternalTransferType(kind)) throw new Error(`assertion: order ${order.id} is external`)
  const rail = railFor(kind)
  await rail.submit(tx, {
    orderId: order.id,
    kind,
    amountMinor: order.toAmountMinor,
    currencyCode: order.toCurrencyCode,
    beneficiaryName: text(order.details.beneficiaryName),
    destination: text(order.details.destination),
    countryCode: text(order.details.countryCode) || undefined,
  })
  await tx
    .update(transferOrders)
    .set({
      status: 'pending',
      details: { ...order.details, rail: rail.name },
      ...(decidedByUserId ? { decidedByUserId } : {}),
    })
    .where(eq(transferOrders.id, order.id))
}
