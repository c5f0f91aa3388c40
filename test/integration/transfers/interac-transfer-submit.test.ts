// Interac e-transfers as a customer sees them (product-spec sections 5-7): CAD only, to an
// e-mail, a flat fee of 1.50 in the account's currency, converted from a USD account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { balancesOf } from './transfer-test-kit.ts'
import { orderOf, railReports } from './external-test-kit.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    let usd: number
    beforeAll(async () => {
      server = await startServer(target)
      token = (await server.signIn('demo@nova.example')).accessToken
      usd = (await balancesOf(server, token)).ids.USD!
    })
    afterAll(async () => {
      await server?.close()
    })

    it('quotes a flat 1.50 whatever the amount', async () => {
      for (const amount of ['5.00', '900.00']) {
        const reply = await server.post(
          '/rpc/interacTransferFeeGet',
          { accountId: usd, amount, email: 'maple@friends.example' },
          token,
        )
        expect(reply.body).toMatchObject({ fee: '1.50', feeCurrencyCode: 'USD' })
      }
    })

    it('sends CAD to an e-mail, converted from USD, and settles it', async () => {
      const reply = await server.post(
        '/rpc/interacTransferSubmit',
        {
          accountId: usd,
          amount: '136.00',
          email: 'Taylor.Maple@Friends.example',
          beneficiaryName: 'Taylor Maple',
          permission: '3d',
          idempotencyKey: 'interac-first',
        },
        token,
      )
      expect(reply.body).toMatchObject({ responseCode: '00', fee: '1.50' })
      const order = await orderOf(server, reply.body.transactionId)
      expect(order).toMatchObject({
        toEmail: 'taylor.maple@friends.example',
        toCurrencyCode: 'CAD',
        toAmountMinor: 13600n,
      })
      // 136.00 CAD at 1.36 per USD less 0.5% costs 100.51 USD, rounded up.
      expect(order?.amountMinor).toBe(10051n)
      await railReports(server)
      expect((await orderOf(server, reply.body.transactionId))?.status).toBe('settled')
    })

    it('refuses any currency but CAD', async () => {
      const reply = await server.post(
        '/rpc/interacTransferSubmit',
        {
          accountId: usd,
          amount: '10.00',
          currencyCode: 'USD',
          email: 'maple@friends.example',
          beneficiaryName: 'Taylor Maple',
          permission: '3d',
          idempotencyKey: 'interac-usd-1',
        },
        token,
      )
      expect(failedParameters(reply)).toEqual(['currencyCode'])
    })
  })
}
