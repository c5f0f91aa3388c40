// API keys (product-spec section 3, Merchant: API key): the key is answered once and stored
// as a hash; lists show its prefix; a key can be renamed, switched off and deleted, and the
// merchant's webhooks hear of new and deleted keys.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiKeys } from '../../../src/server/db/schema-public-api.ts'
import { jobs } from '../../../src/server/db/schema-jobs.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type JsonBody,
  type Reply,
  type TestServer,
} from '../server-harness.ts'

async function rest(
  server: TestServer,
  method: string,
  path: string,
  token: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<Reply> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...extraHeaders }
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

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    let customerId: number
    beforeAll(async () => {
      server = await startServer(target)
      token = (await server.signIn('demo@nova.example')).accessToken
      const info = await server.post('/rpc/getCustomerInfo', {}, token)
      customerId = Number(info.body.customer?.customerId)
    })
    afterAll(async () => {
      await server?.close()
    })

    const balances = (key: string) =>
      fetch(`${server.baseUrl}/public-api/v1/balances`, { headers: { 'x-api-key': key } })

    it('answers the key once and keeps only its hash and prefix', async () => {
      const reply = await rest(server, 'POST', '/public-api/apikey', token, {
        customerId,
        name: 'Checkout',
      })
      expect(reply.status, reply.text).toBe(200)
      const key = String(reply.body.key)
      expect(key).toMatch(/^mk_[A-Za-z0-9_-]{43}$/)
      expect(reply.body).toMatchObject({ name: 'Checkout', enabled: true, customerId })
      expect(key.startsWith(String(reply.body.keyPrefix))).toBe(true)

      const [row] = await server.db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.id, Number(reply.body.id)))
      expect(Object.values(row ?? {}).map(String)).not.toContain(key)

      const list = await rest(server, 'GET', `/public-api/apikey?customerId=${customerId}`, token)
      const items = list.body.items as Record<string, unknown>[]
      expect(items).toEqual([
        expect.objectContaining({ id: reply.body.id, keyPrefix: reply.body.keyPrefix }),
      ])
      expect(items[0]).not.toHaveProperty('key')
      expect(list.text).not.toContain(key)
    })

    it('makes a different key every time', async () => {
      const keys = new Set<string>()
      for (const name of ['One', 'Two', 'Three']) {
        const reply = await rest(server, 'POST', '/public-api/apikey', token, { customerId, name })
        keys.add(String(reply.body.key))
      }
      expect(keys.size).toBe(3)
    })

    it('switches a key off and on; a switched-off key is refused', async () => {
      const created = await rest(server, 'POST', '/public-api/apikey', token, {
        customerId,
        name: 'Toggle me',
      })
      const key = String(created.body.key)
      expect((await balances(key)).status).toBe(200)

      const off = await rest(server, 'PUT', `/public-api/apikey/${created.body.id}`, token, {
        name: 'Toggled',
        enabled: false,
      })
      expect(off.status, off.text).toBe(200)
      expect(off.body).toMatchObject({ name: 'Toggled', enabled: false })
      expect(off.body).not.toHaveProperty('key')
      const refused = await balances(key)
      expect(refused.status).toBe(401)
      expect(await refused.json()).toEqual({ message: 'This API key is disabled.' })

      await rest(server, 'PUT', `/public-api/apikey/${created.body.id}`, token, { name: 'Back' })
      expect((await balances(key)).status).toBe(200)
    })

    it('deletes a key, which stops working at once, and tells the webhooks', async () => {
      const created = await rest(server, 'POST', '/public-api/apikey', token, {
        customerId,
        name: 'Doomed',
      })
      await rest(server, 'POST', '/public-api/webhook', token, {
        customerId,
        name: 'Key events',
        url: 'http://127.0.0.1:9/hook',
      })
      const deleted = await rest(server, 'DELETE', `/public-api/apikey/${created.body.id}`, token)
      expect(deleted.status).toBe(204)
      expect(deleted.text).toBe('')
      expect((await balances(String(created.body.key))).status).toBe(401)
      const again = await rest(server, 'DELETE', `/public-api/apikey/${created.body.id}`, token)
      expect(again.status).toBe(404)

      const queued = (await server.db.select().from(jobs)).filter(
        (job) => job.kind === 'webhook.deliver',
      )
      const bodies = queued.map((job) => JSON.parse(String(job.payload.body)) as JsonBody)
      expect(bodies).toContainEqual(
        expect.objectContaining({
          type: 'api_key.deleted',
          data: { apiKey: expect.objectContaining({ id: created.body.id, name: 'Doomed' }) },
        }),
      )
    })

    it('refuses a duplicate name (422), and more than 20 keys', async () => {
      const duplicate = await rest(server, 'POST', '/public-api/apikey', token, {
        customerId,
        name: 'checkout',
      })
      expect(duplicate.status).toBe(422)
      expect(duplicate.body).toEqual({ message: 'An API key with this name exists.' })
      for (let n = 0; n < 20; n++) {
        await rest(server, 'POST', '/public-api/apikey', token, { customerId, name: `Bulk ${n}` })
      }
      const list = await rest(server, 'GET', `/public-api/apikey?customerId=${customerId}`, token)
      expect((list.body.items as unknown[]).length).toBe(20)
      const over = await rest(server, 'POST', '/public-api/apikey', token, {
        customerId,
        name: 'One too many',
      })
      expect(over.status).toBe(422)
      expect(over.body.message).toBe('A customer may have at most 20 API keys.')
    })

    it('answers VF for a bad body and 404 for a key id that is no id', async () => {
      const bad = await rest(server, 'POST', '/public-api/apikey', token, { customerId, name: '' })
      expect(bad.status).toBe(400)
      expect(failedParameters(bad)).toEqual(['name'])
      const notAnId = await rest(server, 'PUT', '/public-api/apikey/abc', token, { name: 'x' })
      expect(notAnId.status).toBe(404)
      const huge = await rest(server, 'DELETE', '/public-api/apikey/99999999999', token)
      expect(huge.status).toBe(404)
    })

    it('needs full rights on the customer and a session', async () => {
      const other = (await server.signIn('business@nova.example')).accessToken
      const list = await rest(server, 'GET', `/public-api/apikey?customerId=${customerId}`, other)
      expect(list.status).toBe(403)
      const create = await rest(server, 'POST', '/public-api/apikey', other, {
        customerId,
        name: 'Planted',
      })
      expect(create.status).toBe(403)
      const anonymous = await fetch(`${server.baseUrl}/public-api/apikey?customerId=${customerId}`)
      expect(anonymous.status).toBe(401)
    })
  })
}
