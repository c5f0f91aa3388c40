// p2pGlobalPayMetaGet: the most a global payment by e-mail can cost before the recipient picks
// a method (product-spec section 7): the dearest method's fee, the FX markup when paid in
// another currency, and the total that leaves the account.
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
    let ids: Record<string, number>
    beforeAll(async () => {
      server = await startServer(target)
      token = (await server.signIn('business@nova.example')).accessToken
      ids = (await balancesOf(server, token)).ids as Record<string, number>
    })
    afterAll(async () => {
      await server?.close()
    })
    const meta = (body: Record<string, unknown>) =>
      server.post(
        '/rpc/p2pGlobalPayMetaGet',
        { accountId: ids.EUR, currencyCode: 'EUR', countryCode: 'LT', ...body },
        token,
      )

    const cases: [string, { body: Record<string, unknown>; want: Record<string, unknown> }][] = [
      [
        'a small amount: the 1.00 minimum fee',
        {
          body: { amount: '20.00' },
          want: { maximumFee: '1.00', estimatedTotal: '21.00', extraFxMarkupPercent: 0 },
        },
      ],
      [
        '2% rounded up',
        { body: { amount: '333.33' }, want: { maximumFee: '6.67', estimatedTotal: '340.00' } },
      ],
      [
        'a large amount: the 25.00 cap',
        { body: { amount: '5000.00' }, want: { maximumFee: '25.00', estimatedTotal: '5025.00' } },
      ],
      [
        'payment in USD: the 0.5% markup',
        { body: { amount: '100.00', toCurrencyCode: 'USD' }, want: { extraFxMarkupPercent: 0.5 } },
      ],
      [
        'the beneficiary paying the fee',
        {
          body: { amount: '100.00', feeIsBen: true },
          want: { maximumFee: '2.00', estimatedTotal: '100.00' },
        },
      ],
    ]
    it.each(cases)('quotes %s', async (_name, { body, want }) => {
      const reply = await meta(body)
      expect(reply.body).toMatchObject({ responseCode: '00', currencyCode: 'EUR', ...want })
    })

    it('refuses another currency than the account, and a customer without the flag', async () => {
      expect(failedParameters(await meta({ amount: '1.00', currencyCode: 'USD' }))).toEqual([
        'currencyCode',
      ])
      const demo = (await server.signIn('demo@nova.example')).accessToken
      const denied = await server.post(
        '/rpc/p2pGlobalPayMetaGet',
        { accountId: ids.EUR, amount: '1.00', currencyCode: 'EUR', countryCode: 'LT' },
        demo,
      )
      expect(denied.body.responseCode).toBe('ENOA')
    })
  })
}
