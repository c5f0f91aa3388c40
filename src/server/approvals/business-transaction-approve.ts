// businessTransactionApprove: an approver approves (posts the holds) or declines (voids them)
// one or many waiting transactions; with a code-based approval mode the decision waits for
// businessTransactionConfirm (business-decisions.ts).
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { decide } from './business-decisions.ts'

export const handler: Handler<'businessTransactionApprove'> = async (context, input) => {
  const { customerId, userId } = requireSession(context)
  return decide(context.db, {
    customerId,
    userId,
    orderIds: input.transactionIds,
    declined: input.declined ?? false,
    idempotencyKey: input.idempotencyKey,
    field: 'transactionIds',
  })
}
