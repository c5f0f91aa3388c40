// supportTicketStats: the numbers of the acting customer's tickets with news not yet read
// (product-spec section 3: stats contain unreadTicketNumbers).
import type { Handler } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { isTicketUnread } from '../../shared/ticket-status.ts'
import { supportCustomer } from './support-answers.ts'
import { allTicketsOf } from './support-tickets.ts'

export const handler: Handler<'supportTicketStats'> = async (context) => {
  const tickets = await allTicketsOf(context.db, supportCustomer(context))
  const unreadTicketNumbers = tickets.filter((t) => isTicketUnread(t)).map((t) => t.ticketNumber)
  return reply(200, { unreadTicketNumbers })
}
