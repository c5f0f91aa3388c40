// The rail's side of an external order: handing the payout over once the order is approved
// (at once for approval type 0, after the code or the approver otherwise), and the outcome
// the rail reports later. Settled posts the hold (the money and the fee leave for good);
// returned voids it, so the amount and the fee are available again (docs/decisions.md,
// "External transfers"). Either way the customer hears it on the realtime channel and by
// e-mail, in the transaction that records it.
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { users } from '../db/schema.ts'
import { transferOrders } from '../db/schema-transfers.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { fromMinor } from '../../shared/money.ts'
import { settleHold } from '../ledger/settle-hold.ts'
import { enqueueMessage } from '../security/outbox.ts'
import type { RailOutcome } from '../adapters/rail/rail-adapter.ts'
import { railFor } from '../adapters/rail/rails.ts'
import type { OrderRow } from './approval-codes.ts'
import { lockOrders, voidOrder } from './order-settlement.ts'
import { publishOrderEnd } from './order-events.ts'
import { isExternalTransferType } from '../../shared/transfer-types.ts'

function text(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

/** Marks the order pending at its rail and hands the payout over, in the caller's transaction. */
export async function handToRail(tx: Db, order: OrderRow, decidedByUserId?: number): Promise<void> {
  if (!isExternalTransferType(order.kind))
    throw new Error(`assertion: order ${order.id} is external`)
  const rail = railFor(order.kind)
  await rail.submit(tx, {
    orderId: order.id,
    kind: order.kind,
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

/** Records what the rail reports; a second report of an order no longer pending changes nothing. */
export async function recordRailOutcome(db: Db, report: RailOutcome): Promise<void> {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db
    const [order] = await lockOrders(tx, [report.orderId])
    if (!order || order.status !== 'pending') return
    if (report.outcome === 'returned') {
      await voidOrder(tx, order, 'returned', undefined, report.reason)
    } else {
      const settled = await settleHold(tx, order.ledgerTransferId!, 'posted')
      if (settled.outcome !== 'settled' && settled.outcome !== 'replayed') {
        throw new Error(`assertion: the hold of order ${order.id} could be posted`)
      }
      await tx
        .update(transferOrders)
        .set({ status: 'settled', completedAt: new Date() })
        .where(eq(transferOrders.id, order.id))
      await publishOrderEnd(tx, order, 'settled')
    }
    await tellSender(tx, order, report)
  })
}

async function tellSender(tx: Db, order: OrderRow, report: RailOutcome): Promise<void> {
  const [user] = await tx
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, order.createdByUserId))
  if (!user) return
  const amount = `${fromMinor(order.toAmountMinor, scaleOf(order.toCurrencyCode))} ${order.toCurrencyCode}`
  const to = text(order.details.beneficiaryName) || text(order.details.destination)
  await enqueueMessage(tx, {
    channel: 'email',
    recipient: user.username,
    ...(report.outcome === 'settled'
      ? {
          subject: 'Your transfer was paid out',
          body: `Your transfer ${order.id} of ${amount} to ${to} was paid out.`,
        }
      : {
          subject: 'Your transfer was returned',
          body:
            `Your transfer ${order.id} of ${amount} to ${to} was returned: ${report.reason} ` +
            'The amount and the fee are available in your account again.',
        }),
  })
}
