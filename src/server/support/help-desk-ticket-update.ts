// helpDeskTicketUpdate: opening an unread ticket marks it read (cf_customer_read_at,
// product-spec section 4), and the customer may close a ticket. The time read is the
// server's own clock: a client's later time would mark news not yet written as read
// (docs/decisions.md, Support tickets).
import type { Handler } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { helpDesk } from '../adapters/help-desk/help-desks.ts'
import { noTicket, supportCustomer } from './support-answers.ts'

export const handler: Handler<'helpDeskTicketUpdate'> = async (context, input) => {
  const id = context.params.id ?? ''
  const change = {
    ...(input.cf ? { readAt: new Date() } : {}),
    ...(input.status === 'Closed' ? { close: true } : {}),
  }
  const ticket = await helpDesk().updateTicket(context.db, supportCustomer(context), id, change)
  return ticket ? reply(200, ticket) : noTicket()
}
