// Webhooks end to end (product-spec section 3, Merchant: Webhook; the delivery issue): a
// webhook made through the API, with its secret shown once, receives the merchant's events
// as signed POSTs from the jobs table; a failing receiver is retried with backoff; every
// attempt is in the webhook request log (webhookRequestList).
import { createHmac } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobs } from '../../../src/server/db/schema-jobs.ts'
import { webhooks } from '../../../src/server/db/schema-public-api.ts'
import { runDueJobs } from '../../../src/server/jobs/run-due-jobs.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type JsonBody,
  type Reply,
  type TestServer,
} from '../server-harness.ts'

interface Received {
  path: string
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** A merchant's endpoint on this machine: records every POST, answers per path. */
async function startReceiver() {
  const received: Received[] = []
  const statusOf = new Map<string, number>()
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const path = request.url ?? '/'
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString() })
      response.statusCode = statusOf.get(path) ?? 200
      response.end(response.statusCode < 300 ? 'thanks' : 'receiver is down')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('assertion: TCP port')
  return {
    received,
    url: (path: string) => `http://127.0.0.1:${address.port}${path}`,
    answer: (path: string, status: number) => statusOf.set(path, status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

async function rest(
  server: TestServer,
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<Reply> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` }
  if (body !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: text ? (JSON.parse(text) as JsonBody) : {},
  }
}

const signature = (secret: string, timestamp: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`

const later = (seconds: number) => new Date(Date.now() + seconds * 1000)

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let receiver: Awaited<ReturnType<typeof startReceiver>>
    let token: string
    let customerId: number
    beforeAll(async () => {
      server = await startServer(target)
      receiver = await startReceiver()
      token = (await server.signIn('demo@nova.example')).accessToken
      const info = await server.post('/rpc/getCustomerInfo', {}, token)
      customerId = Number(info.body.customer?.customerId)
    })
    afterAll(async () => {
      await receiver?.close()
      await server?.close()
    })

    const createWebhook = async (name: string, path: string) => {
      const reply = await rest(server, 'POST', '/public-api/webhook', token, {
        customerId,
        name,
        url: receiver.url(path),
      })
      expect(reply.status, reply.text).toBe(200)
      return reply.body as { id: number; secret: string }
    }
    const createApiKey = async (name: string) => {
      const reply = await rest(server, 'POST', '/public-api/apikey', token, { customerId, name })
      expect(reply.status, reply.text).toBe(200)
      return reply.body as { id: number; key: string }
    }
    const deliveriesTo = (path: string, type: string) =>
      receiver.received.filter(
        (entry) =>
          entry.path === path && (JSON.parse(entry.body) as { type: string }).type === type,
      )

    it('answers the secret once; the list and the database never show it', async () => {
      const created = await createWebhook('Shop events', '/first')
      expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/)
      const list = await rest(server, 'GET', `/public-api/webhook?customerId=${customerId}`, token)
      expect(list.status).toBe(200)
      const items = list.body.items as Record<string, unknown>[]
      expect(items).toEqual([
        expect.objectContaining({ id: created.id, name: 'Shop events', enabled: true }),
      ])
      expect(items[0]).not.toHaveProperty('secret')
      const [row] = await server.db.select().from(webhooks).where(eq(webhooks.id, created.id))
      expect(row?.secretSealed).not.toContain(created.secret.slice(6))
    })

    it('delivers an event signed with the secret shown at creation', async () => {
      const webhook = await createWebhook('Signed events', '/signed')
      const apiKey = await createApiKey('Checkout server')
      await runDueJobs(server.db, { allowPrivateNetworks: true })

      const [delivery] = deliveriesTo('/signed', 'api_key.created')
      expect(delivery).toBeDefined()
      const { headers, body } = delivery!
      const timestamp = String(headers['x-webhook-timestamp'])
      expect(headers['x-webhook-signature']).toBe(signature(webhook.secret, timestamp, body))
      expect(headers['x-webhook-signature']).not.toBe(signature('whsec_other', timestamp, body))
      expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60)
      const event = JSON.parse(body) as { id: string; data: { apiKey: Record<string, unknown> } }
      expect(headers['x-webhook-id']).toBe(event.id)
      expect(event).toMatchObject({
        type: 'api_key.created',
        data: { apiKey: { id: apiKey.id, name: 'Checkout server' } },
      })
      expect(body).not.toContain(apiKey.key)
      // The webhook also heard of its own creation.
      expect(deliveriesTo('/signed', 'webhook.created')).toHaveLength(1)
    })

    it('retries a receiver that fails with growing waits, logging every attempt', async () => {
      receiver.answer('/flaky', 500)
      const webhook = await createWebhook('Flaky endpoint', '/flaky')
      await createApiKey('Retry probe')
      const jobOf = async () => {
        const rows = await server.db.select().from(jobs)
        return rows.find((job) => job.payload.webhookId === webhook.id && job.doneAt === null)!
      }
      await runDueJobs(server.db, { allowPrivateNetworks: true })
      const first = await jobOf()
      expect(first).toMatchObject({ attempts: 1, lastError: 'HTTP 500', lockedUntil: null })
      const firstWait = first.runAt.getTime() - Date.now()
      expect(firstWait).toBeGreaterThan(5_000)
      expect(firstWait).toBeLessThanOrEqual(10_000)

      // Not due yet: nothing is sent.
      const sentBefore = receiver.received.length
      await runDueJobs(server.db, { allowPrivateNetworks: true })
      expect(receiver.received.length).toBe(sentBefore)

      await runDueJobs(server.db, { allowPrivateNetworks: true, now: later(11) })
      const second = await jobOf()
      expect(second.attempts).toBe(2)
      const secondWait = second.runAt.getTime() - later(11).getTime()
      expect(secondWait).toBeGreaterThan(15_000)
      expect(secondWait).toBeLessThanOrEqual(20_000)

      receiver.answer('/flaky', 204)
      await runDueJobs(server.db, { allowPrivateNetworks: true, now: later(40) })
      const rows = await server.db.select().from(jobs)
      const done = rows.find((job) => job.id === second.id)
      expect(done).toMatchObject({ attempts: 3, lastError: null })
      expect(done?.doneAt).not.toBeNull()

      const log = await rest(
        server,
        'GET',
        `/public-api/webhookRequest?customerId=${customerId}&query=flaky&limit=100`,
        token,
      )
      expect(log.status, log.text).toBe(200)
      const attempts = (log.body.items as Record<string, unknown>[])
        .filter((item) => item.event === 'api_key.created')
        .reverse()
      expect(attempts).toEqual([
        expect.objectContaining({ attempt: 1, statusCode: 500, success: false, error: 'HTTP 500' }),
        expect.objectContaining({ attempt: 2, statusCode: 500, success: false }),
        expect.objectContaining({ attempt: 3, statusCode: 204, success: true }),
      ])
      expect(new Set(attempts.map((item) => item.eventId)).size).toBe(1)
      expect(attempts[0]).toMatchObject({
        webhookId: webhook.id,
        url: receiver.url('/flaky'),
        responseBody: 'receiver is down',
      })
    })

    it('gives up after the eighth attempt', async () => {
      receiver.answer('/down', 503)
      const webhook = await createWebhook('Down for good', '/down')
      for (let minutes = 0; minutes <= 120; minutes += 10) {
        await runDueJobs(server.db, { allowPrivateNetworks: true, now: later(minutes * 60) })
      }
      const rows = await server.db.select().from(jobs)
      const job = rows.find((row) => row.payload.webhookId === webhook.id)
      expect(job).toMatchObject({ attempts: 8, doneAt: null, lastError: 'HTTP 503' })
      expect(deliveriesTo('/down', 'webhook.created')).toHaveLength(8)
      const before = receiver.received.length
      await runDueJobs(server.db, { allowPrivateNetworks: true, now: later(86_400) })
      expect(receiver.received.length).toBe(before)
    })

    it('pages the request log with a cursor, newest first, and filters by text', async () => {
      const path = `/public-api/webhookRequest?customerId=${customerId}&limit=2`
      const first = await rest(server, 'GET', path, token)
      const firstItems = first.body.items as { id: string }[]
      expect(firstItems).toHaveLength(2)
      expect(typeof first.body.nextCursor).toBe('string')
      const second = await rest(server, 'GET', `${path}&cursor=${first.body.nextCursor}`, token)
      const secondItems = second.body.items as { id: string }[]
      expect(secondItems).toHaveLength(2)
      expect(Number(secondItems[0]!.id)).toBeLessThan(Number(firstItems[1]!.id))

      const none = await rest(server, 'GET', `${path}&query=no-such-text`, token)
      expect(none.body).toEqual({ items: [] })
      const today = new Date().toISOString().slice(0, 10)
      const dated = await rest(server, 'GET', `${path}&fromDate=${today}&toDate=${today}`, token)
      expect((dated.body.items as unknown[]).length).toBe(2)
      const past = await rest(server, 'GET', `${path}&toDate=2020-01-01`, token)
      expect(past.body).toEqual({ items: [] })
    })

    it('answers VF naming a malformed query parameter', async () => {
      const base = `/public-api/webhookRequest?customerId=${customerId}`
      for (const [query, parameter] of [
        ['&limit=0', 'limit'],
        ['&fromDate=2026-02-30', 'fromDate'],
        ['&cursor=bm9wZQ', 'cursor'],
        ['&fromDate=2026-03-02&toDate=2026-03-01', 'toDate'],
      ] as const) {
        const reply = await rest(server, 'GET', `${base}${query}`, token)
        expect(reply.status, query).toBe(400)
        expect(failedParameters(reply)).toEqual([parameter])
      }
      const missing = await rest(server, 'GET', '/public-api/webhookRequest', token)
      expect(failedParameters(missing)).toEqual(['customerId'])
    })

    it('updates and deletes; a deleted webhook is sent nothing more', async () => {
      const webhook = await createWebhook('Short lived', '/short')
      const updated = await rest(server, 'PUT', `/public-api/webhook/${webhook.id}`, token, {
        name: 'Renamed',
        url: receiver.url('/short'),
        enabled: false,
      })
      expect(updated.status, updated.text).toBe(200)
      expect(updated.body).toMatchObject({ name: 'Renamed', enabled: false })
      expect(updated.body).not.toHaveProperty('secret')
      await runDueJobs(server.db, { allowPrivateNetworks: true })
      expect(deliveriesTo('/short', 'webhook.created')).toHaveLength(0)

      const deleted = await rest(server, 'DELETE', `/public-api/webhook/${webhook.id}`, token)
      expect(deleted.status).toBe(204)
      const again = await rest(server, 'DELETE', `/public-api/webhook/${webhook.id}`, token)
      expect(again.status).toBe(404)
      expect(again.body.message).toBe('The webhook was not found.')
    })

    it("keeps customers apart: another customer's webhook is not found, its list refused", async () => {
      const mine = await createWebhook('Private hook', '/private')
      const other = (await server.signIn('business@nova.example')).accessToken
      const update = await rest(server, 'PUT', `/public-api/webhook/${mine.id}`, other, {
        name: 'Hijacked',
        url: receiver.url('/attacker'),
      })
      expect(update.status).toBe(404)
      const remove = await rest(server, 'DELETE', `/public-api/webhook/${mine.id}`, other)
      expect(remove.status).toBe(404)
      const list = await rest(server, 'GET', `/public-api/webhook?customerId=${customerId}`, other)
      expect(list.status).toBe(403)
      expect(list.body).toEqual({ message: expect.any(String) })
    })

    it('refuses a duplicate name with 422 and a message for the popup', async () => {
      await createWebhook('Twice', '/twice')
      const reply = await rest(server, 'POST', '/public-api/webhook', token, {
        customerId,
        name: 'twice',
        url: receiver.url('/twice'),
      })
      expect(reply.status).toBe(422)
      expect(reply.body).toEqual({ message: 'A webhook with this name exists.' })
    })
  })
}
