// globalPayApprove: the sender's code for a global payment that answered approval type 1-4
// (product-spec section 7, "Global pay approval (operationId, approvalCode)"). The same check
// as transferApprove on the order the submit named in operationId; a right code lets the
// money be held for the recipient and opens the payment (order-settlement.ts).
import { and, eq } from 'drizzle-orm'
import type { Handler, HandlerContext } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import {
  type Failure,
  isRpcFailure,
  refusal,
  refusalsIn,
  rpcOk,
  rpcSay,
  validationFailure,
} from '../rpc/outcome.ts'
import { transferOrders } from '../db/schema-transfers.ts'
import { handler as transferApprove } from './transfer-approve.ts'

export const handler: Handler<'globalPayApprove'> = async (context, input) => {
  const { customerId } = requireSession(context)
  // An operationId is the order's id; anything else (or a number past 32 bits) names nothing.
  const orderId = /^[0-9]{1,9}$/.test(input.operationId) ? Number(input.operationId) : 0
  const [order] =
    orderId > 0
      ? await context.db
          .select({ id: transferOrders.id })
          .from(transferOrders)
          .where(
            and(
              eq(transferOrders.id, orderId),
              eq(transferOrders.customerId, customerId),
              eq(transferOrders.kind, 'global'),
            ),
          )
      : []
  if (!order) return validationFailure([refusal('operationId', 'refusal.common.notYourTransfer')])
  // The same check and settlement; only the operation's name differs.
  const asTransfer = context as unknown as HandlerContext<'transferApprove'>
  const answer = await transferApprove(asTransfer, {
    trxid: order.id,
    approvalCode: input.approvalCode,
    idempotencyKey: input.idempotencyKey,
  })
  if (isRpcFailure(answer)) return renamed(answer)
  return rpcOk({ ...rpcSay('answer.common.successfully') })
}

/** transferApprove names the transfer trxid; this operation calls it operationId. */
function renamed(answer: Failure): Failure {
  const refusals = refusalsIn(answer)
  if (!refusals) return answer
  return validationFailure(
    refusals.map((error) =>
      error.parameter === 'trxid' ? { ...error, parameter: 'operationId' } : error,
    ),
  )
}
