// ultimateOwnerList: the acting business's ultimate beneficial owners (product-spec section 3,
// Representative role types: position 8), with the share each holds through every level.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { isFailure, loadCompanyRecords } from './company-records.ts'
import { ultimateOwnerViews } from './representative-views.ts'

export const handler: Handler<'ultimateOwnerList'> = async (context) => {
  const { customerId } = requireSession(context)
  const company = await loadCompanyRecords(context.db, customerId)
  if (isFailure(company)) return company
  return rpcOk({ ultimateBeneficiaryOwners: ultimateOwnerViews(company) })
}
