// businessAccessRightsList: the users with access to the acting business and their rights
// (product-spec section 6: business administrators list users).
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { businessRefusal, companyAccessUsers } from './company-access.ts'

export const handler: Handler<'businessAccessRightsList'> = async (context) => {
  const { customerId } = requireSession(context)
  const refusal = await businessRefusal(context.db, customerId)
  if (refusal) return refusal
  return rpcOk({ users: await companyAccessUsers(context.db, customerId) })
}
