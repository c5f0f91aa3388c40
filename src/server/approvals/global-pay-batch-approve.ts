// globalPayBatchApprove: the one code of a global pay batch that globalPayBatchSubmit answered
// with approval type 1-4 (product-spec section 7, "Global pay approval ... single and batch").
// The code is bound to every order of the batch as it is now (approval-codes.ts); a right code
// lets the money of each be held for its recipient, who is e-mailed a /receive link
// (order-settlement.ts), all in one transaction. A retry with the same key answers the first
// result.
import { eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import {
  answerFromKept,
  keptAnswer,
  refusal,
  rpcOk,
  rpcSay,
  validationFailure,
  type Answer,
} from '../rpc/outcome.ts'
import { transferApprovalCodes } from '../db/schema-transfers.ts'
import { globalPayBatches } from '../db/schema-global-batch.ts'
import { checkApprovalCode, codeRefusalKey, transferCodeFor } from '../transfers/approval-codes.ts'
import { completeOrder, lockOrders } from '../transfers/order-settlement.ts'
import { inTransaction } from '../transfers/transfer-orders.ts'
import { batchOf, isBatch } from '../global-pay/global-pay-batches.ts'
import { batchOrderIds } from '../global-pay/global-pay-batch-orders.ts'

const notWaiting = () =>
  validationFailure([refusal('operationId', 'refusal.globalPay.batchNotWaiting')])

export const handler: Handler<'globalPayBatchApprove'> = (context, input) => {
  const { customerId } = requireSession(context)
  // An operationId is the batch's id; anything else (or a number past 32 bits) names nothing.
  const batchId = /^[0-9]{1,9}$/.test(input.operationId) ? Number(input.operationId) : 0
  return inTransaction(context.db, async (tx) => {
    const batch = await batchOf(tx, customerId, batchId, true)
    if (!isBatch(batch)) {
      return validationFailure([refusal('operationId', 'refusal.globalPay.unknownBatch')])
    }
    if (batch.approveKey !== null) {
      if (batch.approveKey === input.idempotencyKey && batch.approveResult) {
        return {
          status: 200,
          body: answerFromKept(batch.approveResult),
        } as Answer<'globalPayBatchApprove'>
      }
      return validationFailure([refusal('operationId', 'refusal.transfers.alreadyApproved')])
    }
    if (batch.status !== 'submitted' || batch.route !== 'code') return notWaiting()
    const orderIds = await batchOrderIds(tx, batch.id)
    const code = await transferCodeFor(tx, customerId, orderIds)
    if (!code) {
      return validationFailure([refusal('approvalCode', 'refusal.transfers.codeNotSentYet')])
    }
    const orders = await lockOrders(tx, orderIds)
    if (orders.some((order) => order.status !== 'awaitingCode')) return notWaiting()
    const check = await checkApprovalCode(tx, code, orders, input.approvalCode)
    if (!check.ok) {
      return validationFailure([refusal('approvalCode', codeRefusalKey[check.reason])])
    }
    for (const order of orders) await completeOrder(tx, order)
    const answer = rpcOk<'globalPayBatchApprove'>({ ...rpcSay('answer.common.successfully') })
    const result = keptAnswer(answer.body as Record<string, unknown>)
    const now = new Date()
    await tx
      .update(transferApprovalCodes)
      .set({ usedAt: now, idempotencyKey: input.idempotencyKey, result })
      .where(eq(transferApprovalCodes.id, code.id))
    await tx
      .update(globalPayBatches)
      .set({ status: 'processing', approveKey: input.idempotencyKey, approveResult: result })
      .where(eq(globalPayBatches.id, batch.id))
    return answer
  })
}
