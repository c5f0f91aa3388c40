// businessTransactionConfirm: the code step of an approver's decision (product-spec sections 4
// and 7). The code is bound to the decision and to every order as it was when the code was
// issued; the orders must still wait for approval. A retry with the same idempotencyKey
// answers the first result.
import { and, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import {
  answerFromKept,
  keptAnswer,
  refusal,
  type RpcData,
  rpcOk,
  validationFailure,
} from '../rpc/outcome.ts'
import { transferApprovalCodes } from '../db/schema-transfers.ts'
import { checkApprovalCode, codeRefusalKey } from '../transfers/approval-codes.ts'
import { lockOrders } from '../transfers/order-settlement.ts'
import { inTransaction } from '../transfers/transfer-orders.ts'
import { applyDecision } from './business-decisions.ts'

export const handler: Handler<'businessTransactionConfirm'> = async (context, input) => {
  const { customerId, userId } = requireSession(context)
  return inTransaction(context.db, async (tx) => {
    const [code] = await tx
      .select()
      .from(transferApprovalCodes)
      .where(
        and(
          eq(transferApprovalCodes.id, input.approvalTransactionId),
          eq(transferApprovalCodes.customerId, customerId),
          eq(transferApprovalCodes.userId, userId),
          eq(transferApprovalCodes.purpose, 'businessDecision'),
        ),
      )
      .for('update')
    if (!code || code.channel === 'none') {
      return validationFailure([
        refusal('approvalTransactionId', 'refusal.approvals.notDecisionWaitingForCode'),
      ])
    }
    const earlier = code.result?.confirmation as Record<string, unknown> | undefined
    if (code.usedAt) {
      if (earlier?.idempotencyKey === input.idempotencyKey) {
        // The stored confirmation is the answer given below, with its idempotency key.
        const { idempotencyKey: _key, ...answer } = earlier
        return rpcOk(answerFromKept(answer) as RpcData<'businessTransactionConfirm'>)
      }
      return validationFailure([
        refusal('approvalTransactionId', 'refusal.common.alreadyConfirmed'),
      ])
    }
    const orders = await lockOrders(tx, code.orderIds)
    const waiting = orders.filter((o) => o.status === 'awaitingApprover')
    if (waiting.length !== code.orderIds.length) {
      return validationFailure([
        refusal('approvalTransactionId', 'refusal.approvals.noLongerWaiting'),
      ])
    }
    const check = await checkApprovalCode(tx, code, waiting, input.code)
    if (!check.ok) {
      return validationFailure([refusal('code', codeRefusalKey[check.reason])])
    }
    const applied = await applyDecision(tx, waiting, { declined: code.declined, userId })
    // The approve call's answer stays for its own retries; the confirmation is kept beside it.
    const result = {
      ...code.result,
      confirmation: keptAnswer({ ...applied, idempotencyKey: input.idempotencyKey }),
    }
    await tx
      .update(transferApprovalCodes)
      .set({ usedAt: new Date(), result })
      .where(eq(transferApprovalCodes.id, code.id))
    return rpcOk(applied)
  })
}
