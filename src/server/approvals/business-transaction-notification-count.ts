// businessTransactionNotificationCount: how many of the acting company's transactions wait for
// an approver, for the menu badge.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { waitingCount } from './business-decisions.ts'

export const handler: Handler<'businessTransactionNotificationCount'> = async (context) => {
  const { customerId } = requireSession(context)
  return rpcOk({ count: await waitingCount(context.db, customerId) })
}
