// shareholderList: the acting business's shareholder tree as registered, each node with its
// share of its parent and its effective share of the business (product-spec section 3,
// Registration payload and Representative role types; section 5, Shareholders).
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { isFailure, loadCompanyRecords } from './company-records.ts'
import { ownershipOf } from './representative-views.ts'

export const handler: Handler<'shareholderList'> = async (context) => {
  const { customerId } = requireSession(context)
  const company = await loadCompanyRecords(context.db, customerId)
  if (isFailure(company)) return company
  return rpcOk({ shareholders: ownershipOf(company).shareholders })
}
