// The merchant public API (access `apiKey`): a call with an API key in x-api-key answers the
// key owner's balances; a wrong or missing key is 401, a caller outside the owner's allowed IP
// ranges 403; every call, answered or refused, is in the API request log under its key.
import { isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiRequests } from '../../../src/server/db/schema-public-api.ts'
import { demoApiKey } from '../../../src/server/demo/public-api.ts'
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
  headers: Record<string, string>,
  body?: unknown,
): Promise<Reply> {
  const all: Record<string, string> = { ...headers }
  if (body !== undefined) all['content-type'] = 'application/json'
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: all,
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

interface LogItem {
  apiKeyId: number
  method: string
  path: string
  statusCode: number
  ip: string
  durationMs: number
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let session: { authorization: string }
    let customerId: number
    let key: string
    let keyId: number
    beforeAll(async () => {
      server = await startServer(target)
      const { accessToken } = await server.signIn('demo@nova.example')
      session = { authorization: `Bearer ${accessToken}` }
      const info = await server.post('/rpc/getCustomerInfo', {}, accessToken)
      customerId = Number(info.body.customer?.customerId)
      const created = await rest(server, 'POST', '/public-api/apikey', session, {
        customerId,
        name: 'Reporting',
      })
      key = String(created.body.key)
      keyId = Number(created.body.id)
    })
    afterAll(async () => {
      await server?.close()
    })

    const balances = (apiKey?: string) =>
      rest(server, 'GET', '/public-api/v1/balances', apiKey ? { 'x-api-key': apiKey } : {})
    const logOf = async (query = '') => {
      const reply = await rest(
        server,
        'GET',
        `/public-api/apirequest?customerId=${customerId}${query}`,
        session,
      )
      expect(reply.status, reply.text).toBe(200)
      return reply.body.items as LogItem[]
    }
    const allowRange = async (name: string, ipFrom: string, ipTo?: string) => {
      const reply = await rest(server, 'POST', '/public-api/allowedip', session, {
        customerId,
        name,
        ipFrom,
        ...(ipTo ? { ipTo } : {}),
      })
      expect(reply.status, reply.text).toBe(200)
      return Number(reply.body.id)
    }

    it("answers the key owner's accounts, as balanceInquiry shows them", async () => {
      const reply = await balances(key)
      expect(reply.status, reply.text).toBe(200)
      const inquiry = await server.post(
        '/rpc/balanceInquiry',
        {},
        session.authorization.slice('Bearer '.length),
      )
      expect(reply.body.accounts).toEqual(inquiry.body.accounts)
      expect(reply.body.accounts).toEqual([
        expect.objectContaining({
          currencyCode: 'USD',
          balance: '1250.75',
          pendingAmount: '-25.00',
        }),
        expect.objectContaining({ currencyCode: 'EUR', balance: '980.40' }),
      ])
    })

    it('logs the call under its key, and marks the key as used', async () => {
      const [latest] = await logOf()
      expect(latest).toMatchObject({
        apiKeyId: keyId,
        method: 'GET',
        path: '/public-api/v1/balances',
        statusCode: 200,
        ip: '127.0.0.1',
      })
      expect(latest!.durationMs).toBeGreaterThanOrEqual(0)
      const keys = await rest(server, 'GET', `/public-api/apikey?customerId=${customerId}`, session)
      const listed = (keys.body.items as { id: number; lastUsedAt?: string }[]).find(
        (item) => item.id === keyId,
      )
      expect(Date.now() - Date.parse(String(listed?.lastUsedAt))).toBeLessThan(60_000)
    })

    it('refuses a wrong or missing key with 401, and logs the call for the bank only', async () => {
      const before = (await logOf()).length
      for (const wrong of [`${key}x`, 'mk_nonsense', undefined]) {
        const reply = await balances(wrong)
        expect(reply.status).toBe(401)
        expect(reply.body).toEqual({ message: 'A valid API key is required in x-api-key.' })
      }
      const unowned = await server.db.select().from(apiRequests).where(isNull(apiRequests.apiKeyId))
      expect(unowned).toHaveLength(3)
      expect(unowned.every((row) => row.statusCode === 401 && row.customerId === null)).toBe(true)
      expect(await logOf()).toHaveLength(before)
    })

    it('refuses a caller outside the allowed IP ranges with 403, logged under the key', async () => {
      const office = await allowRange('Office', '10.20.0.0', '10.20.255.255')
      const refused = await balances(key)
      expect(refused.status).toBe(403)
      expect(refused.body).toEqual({
        message: 'Calls from 127.0.0.1 are not allowed for this API key.',
      })
      const [latest] = await logOf()
      expect(latest).toMatchObject({ apiKeyId: keyId, statusCode: 403, ip: '127.0.0.1' })

      const local = await allowRange('This machine', '127.0.0.1')
      expect((await balances(key)).status).toBe(200)

      const off = await rest(server, 'PUT', `/public-api/allowedip/${local}`, session, {
        name: 'This machine',
        ipFrom: '127.0.0.1',
        enabled: false,
      })
      expect(off.status, off.text).toBe(200)
      expect((await balances(key)).status).toBe(403)

      for (const id of [office, local]) {
        expect((await rest(server, 'DELETE', `/public-api/allowedip/${id}`, session)).status).toBe(
          204,
        )
      }
      expect((await balances(key)).status).toBe(200)
    })

    it("keeps keys apart: the demo business key reads the business's own accounts", async () => {
      const reply = await balances(demoApiKey)
      expect(reply.status, reply.text).toBe(200)
      const accounts = reply.body.accounts as { customerId: number; currencyCode: string }[]
      expect(accounts.map((account) => account.currencyCode)).toEqual(['EUR', 'USD'])
      expect(accounts.every((account) => account.customerId !== customerId)).toBe(true)
      expect((await logOf()).every((item) => item.apiKeyId === keyId)).toBe(true)
    })

    it('filters the log by key and dates', async () => {
      const second = await rest(server, 'POST', '/public-api/apikey', session, {
        customerId,
        name: 'Second',
      })
      await balances(String(second.body.key))
      const all = await logOf()
      const onlySecond = await logOf(`&apiKeyId=${second.body.id}`)
      expect(onlySecond).toHaveLength(1)
      expect(onlySecond[0]?.apiKeyId).toBe(second.body.id)
      expect(await logOf(`&apiKeyId=${keyId}`)).toHaveLength(all.length - 1)
      const today = new Date().toISOString().slice(0, 10)
      expect(await logOf(`&fromDate=${today}&toDate=${today}`)).toHaveLength(all.length)
      expect(await logOf('&fromDate=2099-01-01')).toEqual([])
      expect(await logOf('&toDate=2020-12-31')).toEqual([])
    })

    it('answers VF naming a malformed filter, and 403 for another customer', async () => {
      const bad = await rest(
        server,
        'GET',
        `/public-api/apirequest?customerId=${customerId}&apiKeyId=x&fromDate=yesterday`,
        session,
      )
      expect(bad.status).toBe(400)
      expect(failedParameters(bad)).toEqual(['apiKeyId', 'fromDate'])
      const { accessToken } = await server.signIn('business@nova.example')
      const other = await rest(server, 'GET', `/public-api/apirequest?customerId=${customerId}`, {
        authorization: `Bearer ${accessToken}`,
      })
      expect(other.status).toBe(403)
    })

    it('is not reachable with a session token instead of a key', async () => {
      const reply = await rest(server, 'GET', '/public-api/v1/balances', session)
      expect(reply.status).toBe(401)
    })
  })
}
