// Crypto transfers as a customer sees them (product-spec sections 5-7): the amount is in the
// account's currency (the rail buys the crypto), the fee by the schedule, the wallet address
// checked against the network of the currency, and the hold paid out when the rail settles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { balancesOf } from './transfer-test-kit.ts'
import { orderOf, railReports, setFlags } from './external-test-kit.ts'

const wallet = '0x52908400098527886E0F7030069857D2E4169EE7'

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
        '/rpc/cryptoTransferSubmit',
        { accountId: usd, currencyCode: 'ETH', walletAddress: wallet, permission: 'own', ...body },
        token,
      )

    it('quotes 1%, at least 2.00, in the account currency', async () => {
      const fee = async (amount: string) => {
        const reply = await server.post(
          '/rpc/cryptoTransferFeeGet',
          { accountId: usd, amount, currencyCode: 'BTC' },
          token,
        )
        return reply.body.fee
      }
      expect(await fee('100.00')).toBe('2.00')
      expect(await fee('300.00')).toBe('3.00')
      const unknown = await server.post(
        '/rpc/cryptoTransferFeeGet',
        { accountId: usd, amount: '10.00', currencyCode: 'XRP' },
        token,
      )
      expect(failedParameters(unknown)).toEqual(['currencyCode'])
    })

    it('says what the wallet gets: the coin bought with the amount, on its network', async () => {
      const quote = await server.post(
        '/rpc/cryptoTransferFeeGet',
        { accountId: usd, amount: '100.00', currencyCode: 'USDT', network: 'TRON' },
        token,
      )
      expect(quote.body).toMatchObject({
        responseCode: '00',
        fee: '2.00',
        sourceAmount: '100.00',
        totalAmount: '102.00',
        payoutAmount: '100.00',
        payoutCurrencyCode: 'USD',
        rate: '1',
        crypto: { currencyCode: 'USDT', network: 'tron', networkFeeIncluded: true },
      })
      const first = await server.post(
        '/rpc/cryptoTransferFeeGet',
        { accountId: usd, amount: '100.00', currencyCode: 'ETH' },
        token,
      )
      expect(first.body.crypto).toEqual({
        currencyCode: 'ETH',
        network: 'ethereum',
        networkFeeIncluded: true,
      })
      const wrong = await server.post(
        '/rpc/cryptoTransferFeeGet',
        { accountId: usd, amount: '100.00', currencyCode: 'BTC', network: 'tron' },
        token,
      )
      expect(failedParameters(wrong)).toEqual(['network'])
    })

    it('sends ETH bought with USD and settles it', async () => {
      const before = await balancesOf(server, token)
      const reply = await send({ amount: '100.00', idempotencyKey: 'crypto-eth-1' })
      expect(reply.body).toMatchObject({ responseCode: '00', fee: '2.00', feeCurrencyCode: 'USD' })
      const order = await orderOf(server, reply.body.transactionId)
      expect(order).toMatchObject({ toCurrencyCode: 'USD', amountMinor: 10000n })
      expect(order?.details).toMatchObject({ cryptoCurrencyCode: 'ETH', network: 'ethereum' })
      await railReports(server)
      expect(Number((await balancesOf(server, token)).balance.USD)).toBeCloseTo(
        Number(before.balance.USD) - 102,
        2,
      )
    })

    const refusals: [string, { body: Record<string, unknown>; field: string }][] = [
      [
        'a bitcoin address for ETH',
        {
          body: { walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
          field: 'walletAddress',
        },
      ],
      ['a network the currency is not on', { body: { network: 'tron' }, field: 'network' }],
      [
        'a currency the bank does not send',
        { body: { currencyCode: 'XRP' }, field: 'currencyCode' },
      ],
    ]
    it.each(refusals)('refuses %s', async (_name, { body, field }) => {
      const reply = await send({
        amount: '10.00',
        idempotencyKey: `crypto-refused-${field}`,
        ...body,
      })
      expect(failedParameters(reply)).toEqual([field])
    })

    it('needs the Crypto flag for own and sendCryptoEft for a third party', async () => {
      await setFlags(server, 'demo@nova.example', { sendCryptoEft: false })
      const third = await send({ amount: '10.00', permission: '3d', idempotencyKey: 'crypto-3d-1' })
      expect(third.body.responseCode).toBe('ENOA')
      await setFlags(server, 'demo@nova.example', { sendCryptoEft: true })
    })
  })
}
