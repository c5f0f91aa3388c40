// The derived status of a support ticket and its unread mark (product-spec section 4).
import { describe, expect, it } from 'vitest'
import { derivedTicketStatus, isTicketUnread } from '../../../src/shared/ticket-status.ts'

const now = Date.parse('2026-06-15T12:00:00Z')
const daysAgo = (days: number) => new Date(now - days * 86_400_000).toISOString()

describe('derivedTicketStatus', () => {
  it('calls a Closed ticket closed, however recent', () => {
    const lastThread = { direction: 'out', createdAt: daysAgo(0) }
    expect(derivedTicketStatus({ status: 'Closed', updatedAt: daysAgo(0), lastThread }, now)).toBe(
      'closed',
    )
  })

  it('calls a ticket new while the help desk spoke last within 2 weeks, then open', () => {
    const answered = (days: number) => ({
      status: 'Open',
      updatedAt: daysAgo(days),
      lastThread: { direction: 'out', createdAt: daysAgo(days) },
    })
    expect(derivedTicketStatus(answered(1), now)).toBe('new')
    expect(derivedTicketStatus(answered(14), now)).toBe('new')
    expect(derivedTicketStatus(answered(15), now)).toBe('open')
  })

  it('calls CLOSED-NO REPLY new within the window, and a customer’s last word open', () => {
    expect(derivedTicketStatus({ status: 'CLOSED-NO REPLY', updatedAt: daysAgo(3) }, now)).toBe(
      'new',
    )
    const asked = { status: 'Open', lastThread: { direction: 'in', createdAt: daysAgo(1) } }
    expect(derivedTicketStatus(asked, now)).toBe('open')
  })
})

describe('isTicketUnread', () => {
  const answer = { direction: 'out', createdAt: daysAgo(1) }
  it('is unread while the help desk’s last message is newer than the customer’s reading', () => {
    expect(isTicketUnread({ status: 'Open', lastThread: answer })).toBe(true)
    expect(
      isTicketUnread({
        status: 'Open',
        lastThread: answer,
        cf: { cf_customer_read_at: daysAgo(2) },
      }),
    ).toBe(true)
    expect(
      isTicketUnread({
        status: 'Open',
        lastThread: answer,
        cf: { cf_customer_read_at: daysAgo(0) },
      }),
    ).toBe(false)
  })

  it('is read when the customer spoke last', () => {
    const asked = { direction: 'in', createdAt: daysAgo(0) }
    expect(isTicketUnread({ status: 'Open', lastThread: asked })).toBe(false)
  })
})
