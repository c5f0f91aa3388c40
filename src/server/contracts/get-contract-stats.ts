// getContractStats: the main API's contract counters, for the menu badges (product-spec
// section 7, Business and other); the same as GET /contract/stats.
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { contractCounters } from './contract-listing.ts'

export const handler: Handler<'getContractStats'> = async (context) =>
  rpcOk({ stats: await contractCounters(context) })
