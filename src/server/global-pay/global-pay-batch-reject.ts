// globalPayBatchReject: an approver (or a full user) refuses a submitted batch that still waits
// for its code or its approver. The holds of its orders are voided, so the account is as it
// was before the submit and no recipient is ever e-mailed.
import { eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { globalPayBatches } from '../db/schema-global-batch.ts'
import { inTransaction } from '../transfers/transfer-orders.ts'
import { lockOrders, voidOrder } from '../transfers/order-settlement.ts'
import { batchAnswer, batchOf, isBatch } from './global-pay-batches.ts'
import { batchOrderIds } from './global-pay-batch-orders.ts'

const waiting = new Set(['awaitingCode', 'awaitingApprover'])

export const handler: Handler<'globalPayBatchReject'> = (context, input) => {
  const { customerId, userId } = requireSession(context)
  return inTransaction(context.db, async (tx) => {
    const batch = await batchOf(tx, customerId, input.batchId, true)
    if (!isBatch(batch)) return batch
    const orders = await lockOrders(tx, await batchOrderIds(tx, batch.id))
    const open = orders.filter((order) => waiting.has(order.status))
    if (batch.status !== 'submitted' || open.length === 0) {
      return validationFailure([refusal('batchId', 'refusal.globalPay.batchNotWaiting')])
    }
    for (const order of open) await voidOrder(tx, order, 'declined', userId)
    const [rejected] = await tx
      .update(globalPayBatches)
      .set({ status: 'rejected', decidedAt: new Date() })
      .where(eq(globalPayBatches.id, batch.id))
      .returning()
    return rpcOk({ batch: await batchAnswer(tx, rejected!) })
  })
}
