// getCustomerInfo: the signed-in customer as the portal shows it (product-spec section 3).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { response_getCustomerInfo_200 } from '../../../src/generated/validators.js'
import { databaseTargets, expectValid, startServer, type TestServer } from '../server-harness.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    const cases: [string, { given: string; want: Record<string, unknown> }][] = [
      [
        'a personal customer',
        {
          given: 'demo@nova.example',
          want: { login: 'demo@nova.example', customerType: 0, firstName: 'Alex', isAdmin: false },
        },
      ],
      [
        'a business customer',
        {
          given: 'business@nova.example',
          want: {
            login: 'business@nova.example',
            customerType: 2,
            businessName: 'Northwind Trading Ltd',
          },
        },
      ],
      [
        'an administrator',
        { given: 'admin@nova.example', want: { login: 'admin@nova.example', isAdmin: true } },
      ],
    ]
    it.each(cases)('describes %s', async (_name, { given, want }) => {
      const { accessToken } = await server.signIn(given)
      const reply = await server.post('/rpc/getCustomerInfo', {}, accessToken)
      expect(reply.status).toBe(200)
      expectValid(response_getCustomerInfo_200, reply.body)
      expect(reply.body.responseCode).toBe('00')
      expect(reply.body.customer).toMatchObject(want)
    })

    it('fills every permission, granted or not', async () => {
      const { accessToken } = await server.signIn('demo@nova.example')
      const reply = await server.post('/rpc/getCustomerInfo', {}, accessToken)
      expect(reply.body.customer?.permissions).toMatchObject({
        sendMoneyUser: true,
        transferMoneyUser: true,
        requestMoney: false,
        addFundsCrypto: false,
      })
    })
  })
}
