// Transfers to a card (OCT) as a customer sees them (product-spec sections 3, 5 and 7): the BIN
// is the first 6 digits, a blocked BIN is refused at the fee and at the submit, the number is
// kept and answered masked from 16 digits (never whole), the card is saved for later transfers
// by its id, and a saved card of another customer is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { balancesOf } from './transfer-test-kit.ts'
import { orderOf, railReports } from './external-test-kit.ts'
import { transferOrders } from '../../../src/server/db/schema-transfers.ts'
import { externalCards, paymentTemplates } from '../../../src/server/db/schema-payees.ts'

const visa = '4266841234000006'

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
        '/rpc/octTransferSubmit',
        { accountId: usd, currencyCode: 'USD', permission: '3d', ...body },
        token,
      )
    const fee = (body: Record<string, unknown>) =>
      server.post('/rpc/octTransferFeeGet', { accountId: usd, currencyCode: 'USD', ...body }, token)

    it('quotes 1.5%, at least 1.50, and refuses a blocked BIN', async () => {
      const quoted = await fee({ amount: '10.00', binNumber: '426684' })
      expect(quoted.body).toMatchObject({ fee: '1.50', feeCurrencyCode: 'USD' })
      expect((await fee({ amount: '200.00', binNumber: '426684' })).body.fee).toBe('3.00')
      expect(failedParameters(await fee({ amount: '10.00', binNumber: '533317' }))).toEqual([
        'binNumber',
      ])
    })

    it('pays a new card, keeps only its masked number and saves it for next time', async () => {
      const reply = await send({
        amount: '30.00',
        cardNumber: visa,
        cardHolderName: 'Robin Vale',
        idempotencyKey: 'oct-new-card',
      })
      expect(reply.body).toMatchObject({ responseCode: '00', fee: '1.50' })
      const order = await orderOf(server, reply.body.transactionId)
      expect(order?.details).toMatchObject({
        cardNumber: '426684******0006',
        cardHolderName: 'Robin Vale',
      })
      // The whole number is in no stored row: not the order, its answer, the card or a template.
      for (const table of [transferOrders, externalCards, paymentTemplates]) {
        const [row] = await server.db
          .select({ n: sql<number>`count(*)::int` })
          .from(table)
          .where(sql`${table}::text like ${`%${visa}%`}`)
        expect(row?.n).toBe(0)
      }
      const cards = await server.post('/rpc/externalCardList', {}, token)
      const card = (cards.body.cards as { id: number; maskedCardNumber: string }[]).find(
        (c) => c.maskedCardNumber === '426684******0006',
      )
      expect(card).toMatchObject({
        cardHolderName: 'Robin Vale',
        cardBrand: 'VISA',
        isDisabled: false,
      })
      const again = await send({
        amount: '5.00',
        externalCardId: card!.id,
        idempotencyKey: 'oct-saved-1',
      })
      expect(again.body.responseCode).toBe('00')
      expect((await orderOf(server, again.body.transactionId))?.details).toMatchObject({
        externalCardId: card!.id,
      })
      await railReports(server)
      expect((await orderOf(server, again.body.transactionId))?.status).toBe('settled')
    })

    const refusals: [string, { body: Record<string, unknown>; field: string }][] = [
      [
        'a card whose BIN is blocked',
        { body: { cardNumber: '5333171234000004' }, field: 'cardNumber' },
      ],
      [
        'a number failing the Luhn check',
        { body: { cardNumber: '4266841234000007' }, field: 'cardNumber' },
      ],
      [
        'a saved card that is not the customer’s',
        { body: { externalCardId: 1 }, field: 'externalCardId' },
      ],
    ]
    it.each(refusals)('refuses %s', async (_name, { body, field }) => {
      const before = await balancesOf(server, token)
      const reply = await send({
        amount: '10.00',
        cardHolderName: 'Robin Vale',
        idempotencyKey: `oct-refused-${field}`,
        ...body,
        ...(field === 'externalCardId' ? { cardHolderName: undefined } : {}),
      })
      expect(failedParameters(reply)).toEqual([field])
      expect(await balancesOf(server, token)).toEqual(before)
    })
  })
}
