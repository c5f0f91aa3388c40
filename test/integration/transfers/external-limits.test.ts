// Limits and the maximum of external transfers (product-spec sections 5 and 7): every external
// kind counts against the withdrawal limits of its source account (10,000 a transfer, 20,000
// a day, 100,000 a month), and the maximum is the available balance less the operation's fee
// or the tightest limit, whichever is lower.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { balancesOf } from './transfer-test-kit.ts'

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
    const withdrawals = async () => {
      const reply = await server.post(
        '/rpc/customerLimitsGet',
        { type: 'withdrawals', fromAccountId: usd, countryCode: 'DE' },
        token,
      )
      const limits = (reply.body.limits as { limits: { period: string; used: string }[] }).limits
      return Object.fromEntries(limits.map((l) => [l.period, Number(l.used)]))
    }
    const max = async (operation: string) => {
      const reply = await server.post(
        '/rpc/maxAmountGet',
        { operation, fromAccountId: usd, countryCode: 'DE', currencyCode: 'USD' },
        token,
      )
      return reply.body.maxAmount as { amount: string; type: string }
    }

    it('counts an external transfer against the daily withdrawals of its account', async () => {
      const before = await withdrawals()
      const reply = await server.post(
        '/rpc/interacTransferSubmit',
        {
          accountId: usd,
          amount: '68.00',
          email: 'maple@friends.example',
          beneficiaryName: 'Taylor Maple',
          permission: '3d',
          idempotencyKey: 'limits-interac-1',
        },
        token,
      )
      expect(reply.body.responseCode).toBe('00')
      // 68.00 CAD costs 50.26 USD at the customer rate.
      expect((await withdrawals()).daily).toBeCloseTo(before.daily! + 50.26, 2)
    })

    it('answers the balance less the fee of each operation as the maximum', async () => {
      const b = await balancesOf(server, token)
      const available = Number(b.balance.USD) + Number(b.pending.USD)
      expect(await max('wire')).toEqual({
        amount: (available - 15).toFixed(2),
        type: 'balance',
        minAmount: '0.01',
        currencyCode: 'USD',
      })
      expect((await max('interac')).amount).toBe((available - 1.5).toFixed(2))
    })

    it('refuses more than the single withdrawal limit, whatever the balance', async () => {
      const reply = await server.post(
        '/rpc/cryptoTransferSubmit',
        {
          accountId: usd,
          amount: '10000.01',
          currencyCode: 'BTC',
          walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
          permission: 'own',
          idempotencyKey: 'limits-crypto-1',
        },
        token,
      )
      expect(failedParameters(reply)).toEqual(['amount'])
      expect(reply.body.responseDescription).toContain('transaction limit')
    })
  })
}
