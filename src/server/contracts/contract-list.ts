// contractList (GET /contract): the acting customer's contracts with the list counters
// (product-spec sections 3 and 7; page 1 of 100 by default, section 9).
import type { Handler } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { listContracts } from './contract-listing.ts'

export const handler: Handler<'contractList'> = async (context) => {
  const query = context.query
  const page = await listContracts(context, {
    statuses: query['statuses[]'],
    companyName: query.companyName,
    counterpartyName: query.counterpartyName,
    orderBy: query.orderBy,
    orderDir: query.orderDir,
    page: query.page ?? 1,
    pageSize: query.pageSize ?? 100,
  })
  return reply(200, page)
}
