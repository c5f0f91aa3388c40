// exchangeRateDefaultList: the customer rate of every pair of account currencies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseTargets, startServer, type TestServer } from '../server-harness.ts'

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

    it('lists the rate of every pair of account currencies', async () => {
      const reply = await server.post('/rpc/exchangeRateDefaultList', {}, token)
      const rates = reply.body.exchangeRates as {
        fromCurrencyCode: string
        toCurrencyCode: string
        rate: string
      }[]
      expect(rates).toHaveLength(8 * 7)
      expect(rates).toContainEqual({
        fromCurrencyCode: 'EUR',
        toCurrencyCode: 'USD',
        rate: '1.08152173913',
      })
    })
  })
}
