// supportTicketList: the message centre's quick list, newest activity first, each ticket with
// its derived status and unread mark (product-spec section 4), filtered by that status; 204
// when the customer has no ticket at all.
import type { Handler } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { derivedTicketStatus, isTicketUnread } from '../../shared/ticket-status.ts'
import { pageOf, supportCustomer } from './support-answers.ts'
import { allTicketsOf } from './support-tickets.ts'

export const handler: Handler<'supportTicketList'> = async (context) => {
  const tickets = await allTicketsOf(context.db, supportCustomer(context))
  if (tickets.length === 0) return reply(204)
  const status = context.query.status ?? 'all'
  const now = Date.now()
  const marked = tickets.map((ticket) => ({
    ...ticket,
    derivedStatus: derivedTicketStatus(ticket, now),
    unread: isTicketUnread(ticket),
  }))
  const chosen = status === 'all' ? marked : marked.filter((t) => t.derivedStatus === status)
  const { from, limit } = pageOf(context.query, 20)
  return reply(200, { data: chosen.slice(from - 1, from - 1 + limit) })
}
