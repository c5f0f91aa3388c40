// getContracts: the main API's contract list for the home view (product-spec section 7,
// Business and other; 1000 to a page, section 9), newest first, with the counters.
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { listContracts } from './contract-listing.ts'

export const handler: Handler<'getContracts'> = async (context, input) => {
  const page = await listContracts(context, {
    page: input.pageNumber ?? 1,
    pageSize: input.pageSize ?? 1000,
  })
  return rpcOk({ contracts: page.data, meta: page.meta })
}
