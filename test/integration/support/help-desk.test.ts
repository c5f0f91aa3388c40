// The built-in help desk over HTTP (product-spec sections 3, 4 and 7): the support login
// (signed token -> help-desk token -> contact), the quick list's derived statuses and the unread
// stats, a new ticket with an attachment, the agent's reply that tells the customer, and that
// every call sees the token customer's own tickets only.
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../../src/server/db/schema.ts'
import { outboxMessages } from '../../../src/server/db/schema-outbox.ts'
import { answerAsAgent } from '../../../src/server/support/agent-reply.ts'
import {
  databaseTargets,
  failedParameters,
  replyOf,
  startServer,
  type Reply,
  type TestServer,
} from '../server-harness.ts'

const pdf = Buffer.from('%PDF-1.4\n%%EOF\n')

interface Ticket {
  id: string
  ticketNumber: string
  status: string
  subject?: string
  cf?: { cf_customer_read_at?: string | null }
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let demo: string
    let business: string
    let companyId: number

    async function call(method: string, path: string, token: string, body?: unknown) {
      const headers: Record<string, string> = { authorization: `Bearer ${token}` }
      if (body !== undefined) headers['content-type'] = 'application/json'
      const response = await fetch(`${server.baseUrl}${path}`, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      })
      const text = await response.text()
      return { status: response.status, text, body: text ? JSON.parse(text) : {} } as Reply
    }

    /** The support login as the portal does it: signed token, exchange, contact. */
    async function helpDeskToken(portalToken: string, query = ''): Promise<string> {
      const jwt = await call('GET', `/zoho/jwt?widgetId=portal${query}`, portalToken)
      expect(jwt.status, jwt.text).toBe(200)
      const exchange = await server.post('/helpdesk/auth/token', {
        jwtToken: jwt.body.jwtToken,
        clientId: 'portal',
      })
      expect(exchange.status, exchange.text).toBe(200)
      return String(exchange.body.accessToken)
    }

    async function upload(token: string, name: string, bytes: Buffer): Promise<Reply> {
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(bytes)]), name)
      const response = await fetch(`${server.baseUrl}/helpdesk/uploads`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      })
      return replyOf(response)
    }

    beforeAll(async () => {
      server = await startServer(target)
      demo = (await server.signIn('demo@nova.example')).accessToken
      business = (await server.signIn('business@nova.example')).accessToken
      const [owner] = await server.db
        .select({ customerId: users.customerId })
        .from(users)
        .where(eq(users.username, 'business@nova.example'))
      companyId = owner!.customerId
    })
    afterAll(async () => {
      await server?.close()
    })

    it('signs a customer in to the help desk, whose token works there and nowhere else', async () => {
      const token = await helpDeskToken(demo)
      const contact = await call('POST', '/helpdesk/me', token, {})
      expect(contact.status, contact.text).toBe(200)
      expect(contact.body).toMatchObject({ type: 'customer' })
      const list = await call('GET', '/helpdesk/tickets', token)
      expect((list.body.data as Ticket[]).map((t) => t.id)).toEqual([
        'demo-card-delivery',
        'demo-statement',
      ])
      const portal = await server.post('/rpc/balanceInquiry', {}, token)
      expect(portal.status).toBe(401)
      const again = await server.post('/helpdesk/auth/token', {
        jwtToken: token,
        clientId: 'portal',
      })
      expect(again.status).toBe(403)
      const jwt = await call('GET', '/zoho/jwt?widgetId=portal', demo)
      const otherClient = await server.post('/helpdesk/auth/token', {
        jwtToken: jwt.body.jwtToken,
        clientId: 'another-widget',
      })
      expect(otherClient.status).toBe(403)
      expect(otherClient.body.message).toMatch(/support sign-in/)
    })

    it('derives new, open and closed, and counts the unread ticket until it is opened', async () => {
      const quick = async (status: string) => {
        const reply = await call('GET', `/zoho/tickets?status=${status}`, demo)
        return (reply.body.data as Ticket[]).map((t) => t.id)
      }
      expect(await quick('new')).toEqual(['demo-card-delivery'])
      expect(await quick('closed')).toEqual(['demo-statement'])
      expect(await quick('open')).toEqual([])
      const card = await call('GET', '/helpdesk/tickets/demo-card-delivery', demo)
      const stats = await call('GET', '/zoho/tickets/stats', demo)
      expect(stats.body.unreadTicketNumbers).toEqual([card.body.ticketNumber])
      const read = await call('PUT', '/helpdesk/tickets/demo-card-delivery', demo, {
        cf: { cf_customer_read_at: '2099-01-01T00:00:00Z' },
      })
      expect(read.status, read.text).toBe(200)
      const readAt = Date.parse(String((read.body as unknown as Ticket).cf?.cf_customer_read_at))
      expect(readAt).toBeLessThanOrEqual(Date.now())
      const after = await call('GET', '/zoho/tickets/stats', demo)
      expect(after.body.unreadTicketNumbers).toEqual([])
      expect((await call('GET', '/zoho/agent', demo)).body).toMatchObject({ type: 'agent' })
      expect((await call('GET', '/zoho/agent', business)).status).toBe(204)
    })

    it('opens a ticket with an attached file, which only its customer can fetch', async () => {
      const token = await helpDeskToken(demo)
      const file = await upload(token, 'receipt.pdf', pdf)
      expect(file.status, file.text).toBe(200)
      const fileId = String(file.body.id)
      const created = await call('POST', '/helpdesk/tickets', token, {
        subject: 'A payment I do not recognise',
        description: 'Please see the receipt.',
        uploadIds: [fileId],
      })
      expect(created.status, created.text).toBe(200)
      const ticket = created.body as unknown as Ticket
      expect(ticket.status).toBe('Open')
      const threads = await call('GET', `/helpdesk/tickets/${ticket.id}/conversations`, token)
      const [first] = threads.body.data as { id: string; attachments: { href: string }[] }[]
      const href = first!.attachments[0]!.href
      const content = await fetch(`${server.baseUrl}${href}`, {
        headers: { authorization: `Bearer ${token}` },
      })
      expect(content.status).toBe(200)
      expect(Buffer.from(await content.arrayBuffer())).toEqual(pdf)
      const stranger = await call('GET', href, business)
      expect(stranger.status).toBe(404)
      const reused = await call('POST', '/helpdesk/tickets', token, {
        subject: 'Again',
        description: 'The same file.',
        uploadIds: [fileId],
      })
      expect(reused.status).toBe(400)
      expect(failedParameters(reused)).toEqual(['uploadIds[0]'])
    })

    it('refuses a file that is no PDF, JPEG or PNG, and form values that do not fit, naming them', async () => {
      const token = await helpDeskToken(demo)
      const text = await upload(token, 'notes.txt', Buffer.from('just text'))
      expect(text.status).toBe(400)
      expect(failedParameters(text)).toEqual(['file'])
      const compose = await call('POST', '/helpdesk/composetickets', token, {
        subject: 'Topic',
        description: 'Text',
        fields: { category: 'lottery', colour: 'blue' },
      })
      expect(compose.status).toBe(400)
      expect(failedParameters(compose)).toEqual(['fields.category', 'fields.colour'])
      const empty = await call('POST', '/helpdesk/tickets', token, { description: 'No subject' })
      expect(failedParameters(empty)).toEqual(['subject'])
    })

    it('tells the customer of an agent’s reply, and a reply to a closed ticket opens it again', async () => {
      const closed = await call('PUT', '/helpdesk/tickets/demo-card-delivery', demo, {
        status: 'Closed',
      })
      expect(closed.body.status).toBe('Closed')
      const reply = await call('POST', '/helpdesk/tickets/demo-card-delivery/threads', demo, {
        content: 'It has not arrived yet.',
      })
      expect(reply.status, reply.text).toBe(200)
      expect(reply.body).toMatchObject({ direction: 'in', content: 'It has not arrived yet.' })
      const reopened = await call('GET', '/helpdesk/tickets/demo-card-delivery', demo)
      expect(reopened.body.status).toBe('Open')
      expect(await answerAsAgent(server.db, 'demo-card-delivery', 'It is with the courier.')).toBe(
        true,
      )
      const stats = await call('GET', '/zoho/tickets/stats', demo)
      expect(stats.body.unreadTicketNumbers).toEqual([reopened.body.ticketNumber])
      const [mail] = await server.db
        .select({ subject: outboxMessages.subject, body: outboxMessages.body })
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, 'demo@nova.example'))
        .orderBy(desc(outboxMessages.id))
        .limit(1)
      expect(mail?.subject).toBe('New reply from support')
      expect(mail?.body).toContain(String(reopened.body.ticketNumber))
    })

    it('binds the help-desk token to the customer it was issued for, with that customer’s rights', async () => {
      const own = await helpDeskToken(business)
      expect((await call('GET', '/helpdesk/tickets', own)).status).toBe(204)
      expect((await call('GET', '/helpdesk/tickets/demo-card-delivery', own)).status).toBe(404)
      const employee = (await server.signIn('employee@nova.example')).accessToken
      const forCompany = await helpDeskToken(employee, `&fromCustomerId=${companyId}`)
      expect((await call('GET', '/helpdesk/tickets', forCompany)).status).toBe(204)
      const write = await call('POST', '/helpdesk/tickets', forCompany, {
        subject: 'Read-only',
        description: 'May I?',
      })
      expect(write.status).toBe(403)
      const stranger = await call(
        'GET',
        `/zoho/jwt?widgetId=portal&fromCustomerId=${companyId}`,
        demo,
      )
      expect(stranger.status).toBe(403)
    })
  })
}
