// webhookPing, and where the bank's server may send merchants' requests at all: a ping is a
// signed `ping` event sent at once and logged; outside demo mode loopback and private
// addresses are refused (server-side request forgery), also when a host name resolves to one.
import { createHmac } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../src/server/app.ts'
import { configFromEnv } from '../../../src/server/config.ts'
import { runDueJobs } from '../../../src/server/jobs/run-due-jobs.ts'
import {
  databaseTargets,
  openTestDatabase,
  startServer,
  type JsonBody,
  type Reply,
  type TestServer,
} from '../server-harness.ts'

async function startReceiver() {
  const received: { path: string; headers: IncomingHttpHeaders; body: string }[] = []
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const path = request.url ?? '/'
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString() })
      response.statusCode = path.startsWith('/broken') ? 500 : 200
      response.end(path.startsWith('/broken') ? 'broken' : 'pong')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('assertion: TCP port')
  return {
    received,
    port: address.port,
    url: (path: string) => `http://127.0.0.1:${address.port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

async function rest(
  baseUrl: string,
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<Reply> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` }
  if (body !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(`${baseUrl}${path}`, {
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

    const ping = async (url: string, as = token) => {
      const reply = await rest(server.baseUrl, 'POST', '/public-api/webhook/ping', as, { url })
      return reply
    }
    const logged = async () => {
      const reply = await rest(
        server.baseUrl,
        'GET',
        `/public-api/webhookRequest?customerId=${customerId}&query=ping&limit=100`,
        token,
      )
      return reply.body.items as Record<string, unknown>[]
    }

    it("signs a ping to a webhook's URL with that webhook's secret, and logs it", async () => {
      const created = await rest(server.baseUrl, 'POST', '/public-api/webhook', token, {
        customerId,
        name: 'Pinged',
        url: receiver.url('/hook'),
      })
      const reply = await ping(receiver.url('/hook'))
      expect(reply.body).toMatchObject({ success: true, statusCode: 200, signed: true })
      const delivery = receiver.received.find((entry) => entry.path === '/hook')!
      const timestamp = String(delivery.headers['x-webhook-timestamp'])
      const expected = createHmac('sha256', String(created.body.secret))
        .update(`${timestamp}.${delivery.body}`)
        .digest('hex')
      expect(delivery.headers['x-webhook-signature']).toBe(`sha256=${expected}`)
      expect(JSON.parse(delivery.body)).toMatchObject({ type: 'ping', data: expect.any(Object) })
      expect((await logged())[0]).toMatchObject({
        event: 'ping',
        webhookId: created.body.id,
        statusCode: 200,
        success: true,
        attempt: 1,
        responseBody: 'pong',
      })
    })

    it('sends a ping to a URL that is no webhook yet unsigned', async () => {
      const reply = await ping(receiver.url('/new'))
      expect(reply.body).toMatchObject({ success: true, signed: false })
      const delivery = receiver.received.find((entry) => entry.path === '/new')!
      expect(delivery.headers).not.toHaveProperty('x-webhook-signature')
      expect(delivery.headers['x-webhook-id']).toBe(JSON.parse(delivery.body).id)
    })

    it('reports an error status and an unreachable URL as failures, with a message', async () => {
      const broken = await ping(receiver.url('/broken'))
      expect(broken.body).toMatchObject({ success: false, statusCode: 500, message: 'HTTP 500' })
      const unreachable = await ping('http://127.0.0.1:9/nothing-listens')
      expect(unreachable.status).toBe(200)
      expect(unreachable.body).toMatchObject({ success: false, message: expect.any(String) })
      expect(unreachable.body).not.toHaveProperty('statusCode')
      expect((await logged())[0]).toMatchObject({ success: false, error: expect.any(String) })
    })

    it('allows 10 pings a minute per customer, then answers 429', async () => {
      const other = (await server.signIn('business@nova.example')).accessToken
      for (let n = 0; n < 10; n++) {
        expect((await ping('http://127.0.0.1:9/', other)).status).toBe(200)
      }
      const refused = await ping('http://127.0.0.1:9/', other)
      expect(refused.status).toBe(429)
      expect(refused.body).toMatchObject({ message: expect.any(String), retryAfterSeconds: 60 })
      expect((await ping(receiver.url('/still-mine'))).status).toBe(200)
    })

    it('delivers to no loopback address when private networks are not allowed', async () => {
      for (const url of [receiver.url('/guarded'), `http://localhost:${receiver.port}/guarded`]) {
        await rest(server.baseUrl, 'POST', '/public-api/webhook', token, {
          customerId,
          name: `Guarded ${url}`,
          url,
        })
      }
      await runDueJobs(server.db, { allowPrivateNetworks: false })
      expect(receiver.received.filter((entry) => entry.path === '/guarded')).toEqual([])
      const log = await rest(
        server.baseUrl,
        'GET',
        `/public-api/webhookRequest?customerId=${customerId}&query=guarded&limit=100`,
        token,
      )
      const errors = (log.body.items as { url: string; error?: string }[])
        .filter((item) => item.url.endsWith('/guarded'))
        .map((item) => item.error)
      expect(errors).toContain('127.0.0.1 is not a public address')
      expect(errors).toContainEqual(expect.stringMatching(/^localhost resolves to .*not a public/))
    })

    describe('outside demo mode', () => {
      let baseUrl: string
      let close: () => Promise<void>
      let productionToken: string
      let businessId: number
      beforeAll(async () => {
        const database = await openTestDatabase(target)
        const app = await buildApp(
          database.db,
          configFromEnv({ PORTAL_DIR: 'none-such', DEMO: 'false' }),
        )
        await app.listen({ port: 0, host: '127.0.0.1' })
        const address = app.server.address()
        if (address === null || typeof address === 'string') throw new Error('assertion: port')
        baseUrl = `http://127.0.0.1:${address.port}`
        close = async () => {
          await app.close()
          await database.close()
        }
        const login = await fetch(`${baseUrl}/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            client: 'spa',
            username: 'business@nova.example',
            password: 'Demo-2026!',
            codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
          }),
        })
        productionToken = String(((await login.json()) as JsonBody).accessToken)
        const info = await rest(baseUrl, 'POST', '/rpc/getCustomerInfo', productionToken, {})
        businessId = Number(info.body.customer?.customerId)
      })
      afterAll(async () => {
        await close?.()
      })

      it.each([
        'http://127.0.0.1:9/',
        'http://10.1.2.3/hook',
        'http://169.254.169.254/latest/meta-data',
        'http://[::1]/hook',
        'http://localhost/hook',
      ])('refuses %s with 422, for pings and webhooks', async (url) => {
        const pinged = await rest(baseUrl, 'POST', '/public-api/webhook/ping', productionToken, {
          url,
        })
        expect(pinged.status).toBe(422)
        expect(pinged.body.message).toMatch(/not a public address/)
        const created = await rest(baseUrl, 'POST', '/public-api/webhook', productionToken, {
          customerId: businessId,
          name: 'Internal',
          url,
        })
        expect(created.status).toBe(422)
      })
    })
  })
}
