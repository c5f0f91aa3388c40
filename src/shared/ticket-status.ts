// The derived status of a support ticket and whether it is unread (product-spec section 4,
// Support tickets; section 9: ticket "new" window 2 weeks). Shared by the server's quick list
// and stats and the portal's message centre.

/** Section 9: a ticket's news counts as new for 2 weeks. */
export const ticketNewWindowMs = 14 * 24 * 60 * 60 * 1000

export type DerivedTicketStatus = 'open' | 'new' | 'closed'

export interface TicketFacts {
  /** The help desk's status: Open, Closed or CLOSED-NO REPLY. */
  status: string
  /** The last activity on the ticket (ISO date-time). */
  updatedAt?: string | undefined
  lastThread?: { direction?: string | undefined; createdAt: string } | undefined
  cf?: { cf_customer_read_at?: string | null | undefined } | undefined
}

/**
 * Closed gives closed; CLOSED-NO REPLY, or a last message addressed outward (from the help
 * desk to the customer), with activity in the last 2 weeks gives new; anything else is open.
 */
export function derivedTicketStatus(ticket: TicketFacts, now = Date.now()): DerivedTicketStatus {
  if (ticket.status === 'Closed') return 'closed'
  const outward = ticket.status === 'CLOSED-NO REPLY' || ticket.lastThread?.direction === 'out'
  const activity = Date.parse(ticket.updatedAt ?? ticket.lastThread?.createdAt ?? '')
  if (outward && Number.isFinite(activity) && now - activity <= ticketNewWindowMs) return 'new'
  return 'open'
}

/**
 * A ticket is unread while its last message came from the help desk after the customer last
 * opened it (cf_customer_read_at), or the customer never did.
 */
export function isTicketUnread(ticket: TicketFacts): boolean {
  const last = ticket.lastThread
  if (last?.direction !== 'out') return false
  const readAt = ticket.cf?.cf_customer_read_at
  if (!readAt) return true
  return Date.parse(last.createdAt) > Date.parse(readAt)
}
