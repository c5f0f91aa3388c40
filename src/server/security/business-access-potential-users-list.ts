// businessAccessPotentialUsersList: personal users known to the acting business who can be
// added as representatives (product-spec section 6: list potential users).
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { businessRefusal, potentialUsers } from './company-access.ts'

export const handler: Handler<'businessAccessPotentialUsersList'> = async (context) => {
  const { customerId } = requireSession(context)
  const refusal = await businessRefusal(context.db, customerId)
  if (refusal) return refusal
  const users = await potentialUsers(context.db, customerId)
  return rpcOk({ users: users.map(({ positionIds: _positions, ...user }) => user) })
}
