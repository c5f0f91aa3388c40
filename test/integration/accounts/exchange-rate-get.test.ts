// exchangeRateGet: 1 for equal (case-insensitive) or missing currencies, else the customer rate.
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
    let token: string
    beforeAll(async () => {
      server = await startServer(target)
      token = (await server.signIn('demo@nova.example')).accessToken
    })
    afterAll(async () => {
      await server?.close()
    })

    const rates: [string, { body: Record<string, unknown>; want: Record<string, unknown> }][] = [
      [
        'equal currencies in any case',
        {
          body: { fromCurrencyCode: 'usd', toCurrencyCode: 'USD' },
          want: { rate: '1', fromCurrencyCode: 'USD', toCurrencyCode: 'USD' },
        },
      ],
      [
        'a missing currency',
        { body: { fromCurrencyCode: 'EUR' }, want: { rate: '1', fromCurrencyCode: 'EUR' } },
      ],
      ['nothing at all', { body: {}, want: { rate: '1' } }],
      [
        'USD to EUR less the 0.5% markup',
        {
          body: { fromCurrencyCode: 'USD', toCurrencyCode: 'eur' },
          want: { rate: '0.9154', fromCurrencyCode: 'USD', toCurrencyCode: 'EUR' },
        },
      ],
    ]
    it.each(rates)('answers the rate of %s', async (_name, { body, want }) => {
      const reply = await server.post('/rpc/exchangeRateGet', body, token)
      expect(reply.body.exchangeRate).toEqual(want)
    })

    it('refuses a rate for a currency the bank does not convert', async () => {
      const reply = await server.post(
        '/rpc/exchangeRateGet',
        { fromCurrencyCode: 'USD', toCurrencyCode: 'JPY' },
        token,
      )
      expect(failedParameters(reply)).toEqual(['toCurrencyCode'])
    })
  })
}
