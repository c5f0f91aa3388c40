// Local bank transfers (EFT) as a customer sees them (product-spec sections 5, 7 and 9): the
// fee by the schedule, bank and branch codes required for BR, JP, HK and LK, the country's
// scheme currency (SEPA in EUR, faster payments in GBP, Zengin in JPY converted from the
// account's currency), and the hold paid out when the rail settles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { balancesOf } from './transfer-test-kit.ts'
import { orderOf, railReports } from './external-test-kit.ts'

const paris = {
  countryCode: 'FR',
  currencyCode: 'EUR',
  beneficiaryName: 'Atelier Moreau',
  accountNumber: 'FR1420041010050500013M02606',
  permission: '3d',
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    let ids: Record<string, number>
    beforeAll(async () => {
      server = await startServer(target)
      token = (await server.signIn('demo@nova.example')).accessToken
      ids = (await balancesOf(server, token)).ids as Record<string, number>
    })
    afterAll(async () => {
      await server?.close()
    })
    const send = (body: Record<string, unknown>) =>
      server.post('/rpc/eftTransferSubmit', { accountId: ids.EUR, ...paris, ...body }, token)

    const fees: [string, { amount: string; want: string }][] = [
      ['the 1.00 floor under 0.5%', { amount: '100.00', want: '1.00' }],
      ['0.5% rounded up', { amount: '1000.01', want: '5.01' }],
      ['the 10.00 cap', { amount: '3000.00', want: '10.00' }],
    ]
    it.each(fees)('quotes the EFT fee: %s', async (_name, { amount, want }) => {
      const reply = await server.post(
        '/rpc/eftTransferFeeGet',
        { accountId: ids.EUR, amount, currencyCode: 'EUR', countryCode: 'FR' },
        token,
      )
      expect(reply.body).toMatchObject({ fee: want, feeCurrencyCode: 'EUR' })
    })

    it('sends EUR by SEPA: held at submit, paid out when the rail settles', async () => {
      const before = await balancesOf(server, token)
      const reply = await send({ amount: '80.00', idempotencyKey: 'eft-sepa-1' })
      expect(reply.body).toMatchObject({ responseCode: '00', approveType: 0, fee: '1.00' })
      expect(Number((await balancesOf(server, token)).pending.EUR)).toBe(
        Number(before.pending.EUR) - 81,
      )
      await railReports(server)
      expect((await orderOf(server, reply.body.transactionId))?.status).toBe('settled')
      expect(Number((await balancesOf(server, token)).balance.EUR)).toBeCloseTo(
        Number(before.balance.EUR) - 81,
        2,
      )
    })

    it.each(['BR', 'JP', 'HK', 'LK'])('needs bank and branch codes for %s', async (countryCode) => {
      const reply = await send({
        countryCode,
        currencyCode: 'USD',
        accountNumber: '1234567',
        amount: '10.00',
        idempotencyKey: `eft-codes-${countryCode}`,
      })
      expect(failedParameters(reply)).toContain('bankCode')
    })

    it('pays JPY to Japan with bank and branch codes, converted from USD', async () => {
      const reply = await send({
        accountId: ids.USD,
        countryCode: 'JP',
        currencyCode: 'JPY',
        accountNumber: '1234567',
        bankCode: '0005',
        branchCode: '001',
        amount: '10000',
        idempotencyKey: 'eft-japan-1',
      })
      expect(reply.body).toMatchObject({ responseCode: '00', fee: '1.00', feeCurrencyCode: 'USD' })
      const order = await orderOf(server, reply.body.transactionId)
      expect(order).toMatchObject({ toCurrencyCode: 'JPY', toAmountMinor: 10000n })
      // 10,000 JPY at 150 per USD less 0.5% costs 67.01 USD, rounded up.
      expect(order?.amountMinor).toBe(6701n)
      expect(order?.details).toMatchObject({ bankCode: '0005', branchCode: '001' })
    })

    it('refuses a currency the country’s scheme does not pay out in', async () => {
      const reply = await send({
        currencyCode: 'USD',
        amount: '10.00',
        idempotencyKey: 'eft-usd-fr',
      })
      expect(failedParameters(reply)).toEqual(['currencyCode'])
    })
  })
}
