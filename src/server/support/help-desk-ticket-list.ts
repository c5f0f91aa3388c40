// helpDeskTicketList: the token customer's tickets, newest activity first; 204 when none is
// left from this position on.
import type { Handler } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { helpDesk } from '../adapters/help-desk/help-desks.ts'
import { pageOf, supportCustomer } from './support-answers.ts'

export const handler: Handler<'helpDeskTicketList'> = async (context) => {
  const page = pageOf(context.query, 20)
  const data = await helpDesk().tickets(context.db, supportCustomer(context), page)
  return data.length === 0 ? reply(204) : reply(200, { data })
}
