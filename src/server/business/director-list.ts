// directorList: the acting business's directors (product-spec section 3, Representative role
// types: position 2), with their addresses and proofs.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { isFailure, loadCompanyRecords } from './company-records.ts'
import { directorViews } from './representative-views.ts'

export const handler: Handler<'directorList'> = async (context) => {
  const { customerId } = requireSession(context)
  const company = await loadCompanyRecords(context.db, customerId)
  if (isFailure(company)) return company
  return rpcOk({ directors: directorViews(company) })
}
