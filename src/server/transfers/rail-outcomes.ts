// The outcome a rail reports for an external order it was handed (rail-hand-over.ts). Settled
// posts the hold (the money and the fee leave for good); returned voids it, so the amount and
// the fee are available again (docs/decisions.md, "External transfers"). Either way the customer hears it on the realtime channel and by
// e-mail, in the transaction that records it.
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { users } from '../db/schema.ts'
import { transferOrders } from '../db/schema-transfers.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { formatMoney, fromMinor } from '../../shared/money.ts'
import { settleHold } from '../ledger/settle-hold.ts'
import { enqueueMessage } from '../security/outbox.ts'
import { PermanentJobError, type JobRunner } from '../jobs/job-context.ts'
import type { RailOutcome } from '../adapters/rail/rail-adapter.ts'
import type { OrderRow } from './approval-codes.ts'
import { lockOrders, voidOrder } from './order-settlement.ts'
import { publishOrderEnd } from './order-events.ts'
import { languageOfUser } from '../messages/reader-language.ts'
import { globalPayoutEnded } from '../global-pay/global-payments.ts'

function text(value: unknown): string {
  return typeof value === 'string' ? value : ''
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
    if (order.kind === 'global') await globalPayoutEnded(tx, order.id, report.outcome)
    await tellSender(tx, order, report)
  })
}

/**
 * The job in which a rail reports an outcome (the built-in rail enqueues it at hand-over,
 * adapters/rail/built-in-rail.ts): its payload is the RailOutcome.
 */
export const recordRailOutcomeJob: JobRunner = async (context, payload) => {
  const { orderId, outcome, reason } = payload
  if (typeof orderId !== 'number') throw new PermanentJobError('payload.orderId is not a number')
  if (outcome === 'settled') {
    await recordRailOutcome(context.db, { orderId, outcome })
  } else if (outcome === 'returned' && typeof reason === 'string') {
    await recordRailOutcome(context.db, { orderId, outcome, reason })
  } else {
    throw new PermanentJobError('payload.outcome is not settled or returned with a reason')
  }
}

async function tellSender(tx: Db, order: OrderRow, report: RailOutcome): Promise<void> {
  const [user] = await tx
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, order.createdByUserId))
  if (!user) return
  const lang = await languageOfUser(tx, order.createdByUserId)
  const amount = fromMinor(order.toAmountMinor, scaleOf(order.toCurrencyCode))
  const to = text(order.details.beneficiaryName) || text(order.details.destination)
  const params = { id: order.id, amount: formatMoney(amount, order.toCurrencyCode, lang), to }
  await enqueueMessage(tx, {
    channel: 'email',
    recipient: user.username,
    lang,
    ...(report.outcome === 'settled'
      ? { mail: 'transferPaidOut', params }
      : { mail: 'transferReturned', params: { ...params, reason: report.reason ?? '' } }),
  })
}
