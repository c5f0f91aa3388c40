// Every ticket of a customer, for the quick list's status filter and the unread stats, which
// both need each ticket's derived status (product-spec section 4).
import type { Db } from '../db/open-database.ts'
import { helpDesk } from '../adapters/help-desk/help-desks.ts'
import type { SupportTicket } from '../adapters/help-desk/help-desk-adapter.ts'

/** More than a customer writes; the rest would still be reached through /helpdesk/tickets. */
const maxTickets = 1000

export function allTicketsOf(db: Db, customerId: number): Promise<SupportTicket[]> {
  return helpDesk().tickets(db, customerId, { from: 1, limit: maxTickets })
}
