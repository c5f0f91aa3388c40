// walletCreate: a crypto deposit address behind the addFundsCrypto flag, stable on retry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customers } from '../../../src/server/db/schema.ts'
import { eq } from 'drizzle-orm'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { customerIdOf } from '../transfers/transfer-test-kit.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    beforeAll(async () => {
      server = await startServer(target)
      token = (await server.signIn('demo@nova.example')).accessToken
    })
    afterAll(async () => {
      await server?.close()
    })

    it('gives a crypto wallet address, the same one when asked again, behind addFundsCrypto', async () => {
      const accountId = (await server.post('/rpc/balanceInquiry', {}, token)).body.accounts![0]!
        .accountId
      const denied = await server.post(
        '/rpc/walletCreate',
        { currencyCode: 'BTC', accountId },
        token,
      )
      expect(denied.body.responseCode).toBe('ENOA')
      const customerId = await customerIdOf(server, 'demo@nova.example')
      await server.db
        .update(customers)
        .set({
          permissions: { sendMoneyUser: true, transferMoneyUser: true, addFundsCrypto: true },
        })
        .where(eq(customers.id, customerId))
      const first = await server.post(
        '/rpc/walletCreate',
        { currencyCode: 'BTC', accountId },
        token,
      )
      expect(first.body.address).toMatch(/^bc1q[a-z0-9]{38}$/)
      const second = await server.post(
        '/rpc/walletCreate',
        { currencyCode: 'BTC', accountId },
        token,
      )
      expect(second.body.address).toBe(first.body.address)
      const eth = await server.post('/rpc/walletCreate', { currencyCode: 'ETH', accountId }, token)
      expect(eth.body.address).toMatch(/^0x[0-9a-f]{40}$/)
      const foreign = await server.post(
        '/rpc/walletCreate',
        { currencyCode: 'BTC', accountId: 1 },
        token,
      )
      expect(failedParameters(foreign)).toEqual(['accountId'])
      const fiat = await server.post('/rpc/walletCreate', { currencyCode: 'USD', accountId }, token)
      expect(failedParameters(fiat)).toEqual(['currencyCode'])
    })
  })
}
