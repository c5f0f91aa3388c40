// The one path every RPC call takes (dispatch.ts, register-routes.ts): session, access,
// validation, the legacy /api?method= form and unknown methods (product-spec section 7).
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let personalToken: string
    let businessToken: string
    let adminToken: string
    beforeAll(async () => {
      server = await startServer(target)
      personalToken = (await server.signIn('demo@nova.example')).accessToken
      businessToken = (await server.signIn('business@nova.example')).accessToken
      adminToken = (await server.signIn('admin@nova.example')).accessToken
    })
    afterAll(async () => {
      await server?.close()
    })

    describe('sessions', () => {
      const cases: [string, { given: () => Promise<string | undefined> }][] = [
        ['no token', { given: async () => undefined }],
        ['a garbage token', { given: async () => 'garbage' }],
        [
          'a token signed with another key',
          {
            given: () =>
              new SignJWT({ cid: 1001, adm: true })
                .setProtectedHeader({ alg: 'HS256' })
                .setSubject('1')
                .setIssuer('portal')
                .setExpirationTime('5m')
                .sign(new TextEncoder().encode('not-the-server-key-not-the-server-key')),
          },
        ],
      ]
      it.each(cases)(
        'answers a session operation with %s by HTTP 401 AU',
        async (_name, { given }) => {
          const reply = await server.post('/rpc/balanceInquiry', {}, await given())
          expect(reply.status).toBe(401)
          expect(reply.body.responseCode).toBe('AU')
          expect(reply.body.accounts).toBeUndefined()
        },
      )

      it('answers a public operation without a token', async () => {
        const reply = await server.post('/rpc/ping', {})
        expect(reply.status).toBe(200)
        expect(reply.body.responseCode).toBe('00')
      })
    })

    describe('validation', () => {
      const cases: [string, { given: unknown; want: string }][] = [
        ['an accountId that is not a number', { given: { accountId: 'x' }, want: 'accountId' }],
        ['an accountId of zero', { given: { accountId: 0 }, want: 'accountId' }],
        ['a currency code in lower case', { given: { currencyCode: 'usd' }, want: 'currencyCode' }],
        ['an unknown field', { given: { colour: 'red' }, want: 'colour' }],
      ]
      it.each(cases)('answers %s with HTTP 200 VF naming it', async (_name, { given, want }) => {
        const reply = await server.post('/rpc/balanceInquiry', given, personalToken)
        expect(reply.status).toBe(200)
        expect(reply.body.responseCode).toBe('VF')
        expect(failedParameters(reply)).toEqual([want])
        expect(reply.body.responseDescription).toContain(`${want}: `)
        expect(reply.body.accounts).toBeUndefined()
      })

      it('answers a body that is not an object with VF, not 500', async () => {
        const reply = await server.post('/rpc/balanceInquiry', [1, 2], personalToken)
        expect(reply.status).toBe(200)
        expect(reply.body.responseCode).toBe('VF')
      })
    })

    describe('the legacy /api?method= form', () => {
      const legacyCases: [string, { given: Record<string, unknown> }][] = [
        ['no filter', { given: {} }],
        ['a currency filter', { given: { currencyCode: 'EUR' } }],
        ['an invalid filter', { given: { accountId: 'x' } }],
      ]
      it.each(legacyCases)(
        'answers balanceInquiry with %s exactly as /rpc does',
        async (_name, { given }) => {
          const rpc = await server.post('/rpc/balanceInquiry', given, personalToken)
          const legacy = await server.post(
            '/api?method=balanceInquiry',
            { method: 'balanceInquiry', lang: 'en', ...given },
            personalToken,
          )
          expect(legacy.status).toBe(rpc.status)
          expect(legacy.body).toEqual(rpc.body)
        },
      )

      it('answers without a token by HTTP 401 AU, like /rpc', async () => {
        const reply = await server.post('/api?method=balanceInquiry', {
          method: 'balanceInquiry',
          lang: 'en',
        })
        expect(reply.status).toBe(401)
        expect(reply.body.responseCode).toBe('AU')
      })
    })

    describe('unknown methods', () => {
      const cases: [string, { given: [string, unknown] }][] = [
        ['/api?method=nope', { given: ['/api?method=nope', { method: 'nope', lang: 'en' }] }],
        ['/api without a method', { given: ['/api', { lang: 'en' }] }],
        ['/rpc/nope', { given: ['/rpc/nope', {}] }],
        ['a REST operation asked for through /api', { given: ['/api?method=authLogin', {}] }],
      ]
      it.each(cases)('answers %s with 404 IM', async (_name, { given: [path, body] }) => {
        const reply = await server.post(path, body, personalToken)
        expect(reply.status).toBe(404)
        expect(reply.body.responseCode).toBe('IM')
      })
    })

    describe('acting for another customer (fromCustomerId)', () => {
      let businessCustomerId: number
      beforeAll(async () => {
        const info = await server.post('/rpc/getCustomerInfo', {}, businessToken)
        businessCustomerId = info.body.customer?.customerId ?? 0
        expect(businessCustomerId).toBeGreaterThan(0)
      })

      const operations = ['getCustomerInfo', 'balanceInquiry']
      it.each(operations)(
        'refuses %s for another customer to a non-admin with 13',
        async (operation) => {
          const reply = await server.post(
            `/rpc/${operation}`,
            { fromCustomerId: businessCustomerId },
            personalToken,
          )
          expect(reply.status).toBe(200)
          expect(reply.body.responseCode).toBe('13')
          expect(reply.body.customer).toBeUndefined()
          expect(reply.body.accounts).toBeUndefined()
        },
      )

      it('refuses it through the legacy form too', async () => {
        const reply = await server.post(
          '/api?method=balanceInquiry',
          { method: 'balanceInquiry', lang: 'en', fromCustomerId: businessCustomerId },
          personalToken,
        )
        expect(reply.body.responseCode).toBe('13')
        expect(reply.body.accounts).toBeUndefined()
      })

      it('refuses it in a multipart upload too, where the part arrives as text', async () => {
        const form = new FormData()
        form.append('data', JSON.stringify({ name: 'Acting logo' }))
        form.append(
          'file[]',
          new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }),
          'a.png',
        )
        form.append('fromCustomerId', String(businessCustomerId))
        const response = await fetch(`${server.baseUrl}/rpc/logoCreate`, {
          method: 'POST',
          headers: { authorization: `Bearer ${personalToken}` },
          body: form,
        })
        const body = (await response.json()) as { responseCode?: string }
        expect(body.responseCode).toBe('13')
      })

      it('lets a customer name themself', async () => {
        const own = await server.post('/rpc/getCustomerInfo', {}, personalToken)
        const reply = await server.post(
          '/rpc/getCustomerInfo',
          { fromCustomerId: own.body.customer?.customerId },
          personalToken,
        )
        expect(reply.body.responseCode).toBe('00')
        expect(reply.body.customer?.login).toBe('demo@nova.example')
      })

      it('lets an administrator act for the customer', async () => {
        const reply = await server.post(
          '/rpc/getCustomerInfo',
          { fromCustomerId: businessCustomerId },
          adminToken,
        )
        expect(reply.body.responseCode).toBe('00')
        expect(reply.body.customer?.login).toBe('business@nova.example')
      })

      it('answers a fromCustomerId that is not an id with VF', async () => {
        const reply = await server.post(
          '/rpc/getCustomerInfo',
          { fromCustomerId: 'x' },
          personalToken,
        )
        expect(reply.body.responseCode).toBe('VF')
        expect(failedParameters(reply)).toEqual(['fromCustomerId'])
      })
    })
  })
}
