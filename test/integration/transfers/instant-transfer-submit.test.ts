// Instant payments as a customer sees them (product-spec sections 3 and 7): the key is checked
// for its type's form and resolved through the bank directory (the payee is whom the key
// names), the scheme's country and currency (PIX, BRL converted from the account's currency).
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
    const send = (body: Record<string, unknown>) =>
      server.post(
        '/rpc/instantTransferSubmit',
        {
          accountId: usd,
          currencyCode: 'BRL',
          countryCode: 'BR',
          instantKey: '529.982.247-25',
          instantKeyType: 'taxId',
          permission: '3d',
          ...body,
        },
        token,
      )

    it('quotes 0.5%, at least 0.50, in the account currency', async () => {
      const reply = await server.post(
        '/rpc/instantTransferFeeGet',
        { accountId: usd, amount: '100.00', currencyCode: 'BRL', countryCode: 'BR' },
        token,
      )
      expect(reply.body).toMatchObject({ fee: '0.50', feeCurrencyCode: 'USD' })
    })

    it('pays BRL to the account a tax-id key names, converted from USD', async () => {
      const reply = await send({ amount: '100.00', idempotencyKey: 'instant-pix-1' })
      expect(reply.body.responseCode).toBe('00')
      const order = await orderOf(server, reply.body.transactionId)
      expect(order).toMatchObject({ toCurrencyCode: 'BRL', toAmountMinor: 10000n })
      // 100.00 BRL at 5.00 per USD less 0.5% costs 20.11 USD, rounded up.
      expect(order?.amountMinor).toBe(2011n)
      expect(order?.details).toMatchObject({
        beneficiaryName: 'Ana Beatriz Souza',
        instantKey: '52998224725',
        accountNumber: '00123456-7',
      })
      await railReports(server)
      expect((await orderOf(server, reply.body.transactionId))?.status).toBe('settled')
    })

    const refusals: [string, { body: Record<string, unknown>; field: string }][] = [
      [
        'a key no account is registered under',
        { body: { instantKey: '11144477735' }, field: 'instantKey' },
      ],
      [
        'a tax id with wrong check digits',
        { body: { instantKey: '52998224724' }, field: 'instantKey' },
      ],
      [
        'a key type the scheme has not',
        { body: { instantKeyType: 'iban' }, field: 'instantKeyType' },
      ],
      [
        'a country without an instant scheme',
        { body: { countryCode: 'DE', currencyCode: 'EUR' }, field: 'countryCode' },
      ],
    ]
    it.each(refusals)('refuses %s', async (_name, { body, field }) => {
      const reply = await send({
        amount: '10.00',
        idempotencyKey: `instant-refused-${field}`,
        ...body,
      })
      expect(failedParameters(reply)).toEqual([field])
    })
  })
}
