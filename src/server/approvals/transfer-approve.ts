// transferApprove: enters the code of a transfer that answered approval type 1-4 (product-spec
// section 4). The code must match the transfer as it is now (approval-codes.ts); a right code
// posts the hold in the same transaction that marks the code used. A retry with the same
// idempotencyKey answers the first result; a wrong code counts and the customer stays on the
// page (VF naming approvalCode).
import { and, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import {
  type Answer,
  answerFromKept,
  type Failure,
  keptAnswer,
  refusal,
  rpcOk,
  rpcSay,
  validationFailure,
  rpcRefuse,
} from '../rpc/outcome.ts'
import { transferApprovalCodes, transferOrders } from '../db/schema-transfers.ts'
import { checkApprovalCode, codeRefusalKey, transferCodeFor } from '../transfers/approval-codes.ts'
import { completeOrder, lockOrders } from '../transfers/order-settlement.ts'
import { inTransaction } from '../transfers/transfer-orders.ts'

export const handler: Handler<'transferApprove'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const [order] = await context.db
    .select({ id: transferOrders.id })
    .from(transferOrders)
    .where(and(eq(transferOrders.id, input.trxid), eq(transferOrders.customerId, customerId)))
  if (!order) return validationFailure([refusal('trxid', 'refusal.common.notYourTransfer')])
  return inTransaction(context.db, async (tx) => {
    const code = await transferCodeFor(tx, customerId, [order.id])
    if (!code) {
      return validationFailure([refusal('approvalCode', 'refusal.transfers.codeNotSentYet')])
    }
    if (code.usedAt) {
      if (code.idempotencyKey === input.idempotencyKey && code.result) {
        // The stored body is the first answer, success or CA, given again in this reader's
        // language.
        return { status: 200, body: answerFromKept(code.result) } as Answer<'transferApprove'>
      }
      return validationFailure([refusal('trxid', 'refusal.transfers.alreadyApproved')])
    }
    const [locked] = await lockOrders(tx, [order.id])
    if (locked?.status !== 'awaitingCode') {
      return validationFailure([refusal('trxid', 'refusal.common.notWaitingForCode')])
    }
    const check = await checkApprovalCode(tx, code, [locked], input.approvalCode)
    if (!check.ok) {
      return validationFailure([refusal('approvalCode', codeRefusalKey[check.reason])])
    }
    const settled = await completeOrder(tx, locked)
    const answer: Answer<'transferApprove'> | Failure =
      settled === 'accountClosed'
        ? rpcRefuse('CA', 'answer.approvals.targetClosed')
        : rpcOk({ transactionId: locked.id, ...rpcSay('answer.common.successfully') })
    const result = keptAnswer(answer.body as Record<string, unknown>)
    await tx
      .update(transferApprovalCodes)
      .set({ usedAt: new Date(), idempotencyKey: input.idempotencyKey, result })
      .where(eq(transferApprovalCodes.id, code.id))
    return answer
  })
}
