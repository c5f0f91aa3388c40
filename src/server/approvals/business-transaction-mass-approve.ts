// businessTransactionMassApprove: an approver approves (every hold posted) or declines (every
// hold voided) all the requests of one mass batch as a whole (product-spec sections 3, 4 and
// 6); with a code-based approval mode the decision waits for businessTransactionConfirm, as
// for businessTransactionApprove. A retry with the same key answers the first result.
import { and, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { massBatchRows, massBatches } from '../db/schema-mass.ts'
import { transferOrders } from '../db/schema-transfers.ts'
import { decide, decisionByKey, withoutConfirmation } from './business-decisions.ts'

export const handler: Handler<'businessTransactionMassApprove'> = async (context, input) => {
  const { customerId, userId } = requireSession(context)
  const earlier = await decisionByKey(context.db, customerId, userId, input.idempotencyKey)
  if (earlier?.result) return rpcOk(withoutConfirmation(earlier.result))
  const [batch] = await context.db
    .select({ id: massBatches.id })
    .from(massBatches)
    .where(and(eq(massBatches.id, input.batchId), eq(massBatches.customerId, customerId)))
  if (!batch) {
    return validationFailure([refusal('batchId', 'refusal.common.notYourBatch')])
  }
  const orders = await context.db
    .select({ id: transferOrders.id, status: transferOrders.status })
    .from(massBatchRows)
    .innerJoin(transferOrders, eq(transferOrders.id, massBatchRows.orderId))
    .where(eq(massBatchRows.batchId, batch.id))
  // A batch is decided as a whole: every request of it must still wait.
  if (orders.length === 0 || orders.some((o) => o.status !== 'awaitingApprover')) {
    return validationFailure([refusal('batchId', 'refusal.approvals.notWaitingAsWhole')])
  }
  return decide(context.db, {
    customerId,
    userId,
    orderIds: orders.map((o) => o.id),
    declined: input.declined ?? false,
    idempotencyKey: input.idempotencyKey,
    field: 'batchId',
    batchId: batch.id,
  })
}
