// businessUserList: the representatives of the acting business who sign in for it, with their
// positions and rights (product-spec section 2, the users hub; section 6: business
// administrators list users). Every login with its right is the security area's
// businessAccessRightsList (docs/decisions.md, "Operation names: business").
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { isFailure, loadCompanyRecords } from './company-records.ts'
import { userViews } from './representative-views.ts'

export const handler: Handler<'businessUserList'> = async (context) => {
  const { customerId } = requireSession(context)
  const company = await loadCompanyRecords(context.db, customerId)
  if (isFailure(company)) return company
  return rpcOk({ users: userViews(company) })
}
