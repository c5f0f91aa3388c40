// Allowed IP ranges (product-spec section 3, Merchant: Allowed IP): a malformed range is VF
// with errors, which the portal shows in a popup (section 8); ranges are stored in one
// canonical form, listed, changed and deleted per customer, and each change is an event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

    const create = (body: Record<string, unknown>) =>
      rest(server, 'POST', '/public-api/allowedip', token, { customerId, ...body })

    it('stores a range and lists it', async () => {
      const reply = await create({ name: 'Office', ipFrom: '203.0.113.0', ipTo: '203.0.113.255' })
      expect(reply.status, reply.text).toBe(200)
      expect(reply.body).toMatchObject({
        customerId,
        name: 'Office',
        enabled: true,
        ipFrom: '203.0.113.0',
        ipTo: '203.0.113.255',
      })
      const list = await rest(
        server,
        'GET',
        `/public-api/allowedip?customerId=${customerId}`,
        token,
      )
      expect(list.body.items).toEqual([reply.body])
    })

    it.each([
      ['IPv6 in its canonical compressed form', '2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
      ['IPv6 with leading zeros', '2001:0db8:0000:0000:0001:0000:0000:0001', '2001:db8::1:0:0:1'],
      ['IPv6 loopback', '0:0:0:0:0:0:0:1', '::1'],
    ])('stores %s', async (_name, given, stored) => {
      const reply = await create({ name: `v6 ${given}`, ipFrom: given })
      expect(reply.status, reply.text).toBe(200)
      expect(reply.body.ipFrom).toBe(stored)
      expect(reply.body).not.toHaveProperty('ipTo')
    })

    it.each([
      [
        'ipTo before ipFrom',
        { ipFrom: '10.0.0.9', ipTo: '10.0.0.1' },
        'must not come before the first address',
      ],
      [
        'ends of two families',
        { ipFrom: '10.0.0.1', ipTo: '::1' },
        'must be an IPv4 address like the first address',
      ],
    ])('answers VF with errors for %s', async (_name, range, description) => {
      const reply = await create({ name: 'Bad range', ...range })
      expect(reply.status).toBe(400)
      expect(reply.body).toMatchObject({
        responseCode: 'VF',
        errors: [{ parameter: 'ipTo', description }],
      })
    })

    it('answers VF naming a malformed address, before anything is stored', async () => {
      const reply = await create({ name: 'Typo', ipFrom: '300.1.1.1' })
      expect(reply.status).toBe(400)
      expect(failedParameters(reply)).toContain('ipFrom')
      const list = await rest(
        server,
        'GET',
        `/public-api/allowedip?customerId=${customerId}`,
        token,
      )
      expect((list.body.items as { name: string }[]).map((item) => item.name)).not.toContain('Typo')
    })

    it('changes and deletes a range; each change is an event for the webhooks', async () => {
      await rest(server, 'POST', '/public-api/webhook', token, {
        customerId,
        name: 'IP events',
        url: 'http://127.0.0.1:9/ip-events',
      })
      const created = await create({ name: 'Temporary', ipFrom: '198.51.100.7' })
      const id = Number(created.body.id)
      const updated = await rest(server, 'PUT', `/public-api/allowedip/${id}`, token, {
        name: 'Temporary',
        ipFrom: '198.51.100.7',
        ipTo: '198.51.100.9',
        enabled: false,
      })
      expect(updated.status, updated.text).toBe(200)
      expect(updated.body).toMatchObject({ ipTo: '198.51.100.9', enabled: false })
      const badUpdate = await rest(server, 'PUT', `/public-api/allowedip/${id}`, token, {
        name: 'Temporary',
        ipFrom: '198.51.100.9',
        ipTo: '198.51.100.7',
      })
      expect(badUpdate.status).toBe(400)
      expect(failedParameters(badUpdate)).toEqual(['ipTo'])
      expect((await rest(server, 'DELETE', `/public-api/allowedip/${id}`, token)).status).toBe(204)
      expect((await rest(server, 'DELETE', `/public-api/allowedip/${id}`, token)).status).toBe(404)

      const events = (await server.db.select().from(jobs).orderBy(jobs.id))
        .filter((job) => job.kind === 'webhook.deliver')
        .map((job) => JSON.parse(String(job.payload.body)) as JsonBody)
        .filter((event) => event.type === 'allowed_ip.changed')
        .map((event) => event.data as { action: string; allowedIp: { id: number } })
        .filter((data) => data.allowedIp.id === id)
      expect(events.map((data) => data.action)).toEqual(['created', 'updated', 'deleted'])
    })

    it("does not let another customer see or change this customer's ranges", async () => {
      const created = await create({ name: 'Mine only', ipFrom: '192.0.2.10' })
      const other = (await server.signIn('business@nova.example')).accessToken
      const update = await rest(server, 'PUT', `/public-api/allowedip/${created.body.id}`, other, {
        name: 'Taken over',
        ipFrom: '0.0.0.0',
        ipTo: '255.255.255.255',
      })
      expect(update.status).toBe(404)
      const list = await rest(
        server,
        'GET',
        `/public-api/allowedip?customerId=${customerId}`,
        other,
      )
      expect(list.status).toBe(403)
      const mine = await rest(
        server,
        'GET',
        `/public-api/allowedip?customerId=${customerId}`,
        token,
      )
      expect(mine.body.items).toContainEqual(
        expect.objectContaining({ name: 'Mine only', ipFrom: '192.0.2.10' }),
      )
    })
  })
}
