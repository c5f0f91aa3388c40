// p2pMassTransferPreview (product-spec section 7, "summary-only preview") as a customer sees it:
// the count, the sum, each line's P2P fee and the total leaving the account, the refused lines
// named by row and left out of the totals; nothing is stored or moved, and the batch sent after
// it takes exactly the previewed total.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customers } from '../../../src/server/db/schema.ts'
import { transferOrders } from '../../../src/server/db/schema-transfers.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { balancesOf, customerIdOf } from './transfer-test-kit.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    let eur: number
    beforeAll(async () => {
      server = await startServer(target)
      const customerId = await customerIdOf(server, 'business@nova.example')
      await server.db
        .update(customers)
        .set({ permissions: { sendMoneyMassUser: true, sendMoneyUser: true } })
        .where(eq(customers.id, customerId))
      token = (await server.signIn('business@nova.example')).accessToken
      eur = (await balancesOf(server, token)).ids.EUR!
    })
    afterAll(async () => {
      await server?.close()
    })

    const available = async () => (await balancesOf(server, token)).balance.EUR
    const orderCount = async () => (await server.db.select().from(transferOrders)).length
    const preview = (body: Record<string, unknown>) =>
      server.post('/rpc/p2pMassTransferPreview', body, token)

    it('adds up the lines with the fee of each, and the batch then takes exactly that', async () => {
      const text =
        'email,amount,currency,note\ndemo@nova.example,2.00,EUR,\ndemo@nova.example,1500.00'
      const before = Number(await available())
      const orders = await orderCount()
      const reply = await preview({ accountId: eur, text })
      expect(reply.body).toMatchObject({
        responseCode: '00',
        summary: {
          totalCount: 2,
          validCount: 2,
          invalidCount: 0,
          totalAmount: '1502.00',
          currencyCode: 'EUR',
          // 1% rounded up, at least 0.30, at most 10.00 a line.
          totalFee: '10.30',
          feeCurrencyCode: 'EUR',
          totalWithFee: '1512.30',
        },
      })
      expect(await orderCount()).toBe(orders)
      expect(Number(await available())).toBeCloseTo(before, 2)
      const sent = await server.post(
        '/rpc/p2pMassTransferTextSubmit',
        { accountId: eur, text, idempotencyKey: 'preview-then-send-1' },
        token,
      )
      expect(sent.body.summary).toEqual(reply.body.summary)
      expect(Number(await available())).toBeCloseTo(before - 1512.3, 2)
    })

    it('names the refused rows and leaves them out of the totals', async () => {
      const reply = await preview({
        accountId: eur,
        text: 'demo@nova.example,10.00\nnot-an-email,5.00\ndemo@nova.example,1.00,USD',
      })
      expect(reply.body.summary).toMatchObject({
        totalCount: 3,
        validCount: 1,
        invalidCount: 2,
        totalAmount: '10.00',
        totalFee: '0.30',
        totalWithFee: '10.30',
        rowErrors: [
          { row: 2, parameter: 'email' },
          { row: 3, parameter: 'currency' },
        ],
      })
    })

    it('refuses an account that is not the customer own and a list without payments', async () => {
      expect(
        failedParameters(await preview({ accountId: 1, text: 'demo@nova.example,1.00' })),
      ).toEqual(['accountId'])
      expect(failedParameters(await preview({ accountId: eur, text: '\n \n' }))).toEqual(['text'])
    })
  })
}
