// Mass P2P by file and by text (product-spec sections 6 and 7) as a customer sees it: a file
// with bad lines is refused naming each line and nothing moves; a good file moves exactly its
// sum (fees to the bank); a retry with the same key posts once, another file under that key is
// refused; the batch is listed in the batch history and its file can be fetched back.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customers } from '../../../src/server/db/schema.ts'
import { transferOrders } from '../../../src/server/db/schema-transfers.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type JsonBody,
  type Reply,
  type TestServer,
} from '../server-harness.ts'
import { balancesOf, customerIdOf } from './transfer-test-kit.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    let payeeToken: string
    let eur: number
    beforeAll(async () => {
      server = await startServer(target)
      const customerId = await customerIdOf(server, 'business@nova.example')
      await server.db
        .update(customers)
        .set({ permissions: { sendMoneyMassUser: true, sendMoneyUser: true } })
        .where(eq(customers.id, customerId))
      token = (await server.signIn('business@nova.example')).accessToken
      payeeToken = (await server.signIn('demo@nova.example')).accessToken
      eur = (await balancesOf(server, token)).ids.EUR!
    })
    afterAll(async () => {
      await server?.close()
    })

    const uploadFile = async (data: Record<string, unknown>, csv: string): Promise<Reply> => {
      const form = new FormData()
      form.append('data', JSON.stringify(data))
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'payroll.csv')
      const response = await fetch(`${server.baseUrl}/rpc/p2pMassTransferFileSubmit`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      })
      const text = await response.text()
      return {
        status: response.status,
        headers: response.headers,
        text,
        body: JSON.parse(text) as JsonBody,
      }
    }
    const eurOf = async (bearer: string) => (await balancesOf(server, bearer)).balance.EUR
    const orderCount = async () => (await server.db.select().from(transferOrders)).length

    it('refuses a file with bad lines, naming each, and moves nothing', async () => {
      const before = await eurOf(token)
      const orders = await orderCount()
      const csv = [
        'email,amount,currency,note',
        'demo@nova.example,10.00,EUR,March',
        'not-an-email,5.00,EUR,',
        'someone@else.example,1.234,EUR,',
        'other@else.example,5.00,USD,',
      ].join('\n')
      const reply = await uploadFile({ accountId: eur, idempotencyKey: 'mass-bad-1' }, csv)
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual([
        'rows[3].email',
        'rows[4].amount',
        'rows[5].currency',
      ])
      expect(await eurOf(token)).toBe(before)
      expect(await orderCount()).toBe(orders)
    })

    it('refuses a file when the lines after the first break the daily limit: nothing moves', async () => {
      const before = await eurOf(token)
      const lines = [
        'alpha@else.example,4000.00',
        'beta@else.example,4000.00',
        'gamma@else.example,4000.00',
      ]
      const reply = await server.post(
        '/rpc/p2pMassTransferTextSubmit',
        { accountId: eur, text: lines.join('\n'), idempotencyKey: 'mass-limit-1' },
        token,
      )
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['rows[3].amount'])
      expect(await eurOf(token)).toBe(before)
    })

    it('moves exactly the sum of a good file once, however often it is sent', async () => {
      const before = Number(await eurOf(token))
      const payeeBefore = Number(await eurOf(payeeToken))
      const csv =
        'email;amount;note\r\ndemo@nova.example;100.00;"Invoice 7; March"\r\n\r\nnewcomer@else.example;50.00;\r\n'
      const data = { accountId: eur, idempotencyKey: 'mass-good-1' }
      const reply = await uploadFile(data, csv)
      expect(reply.body).toMatchObject({
        responseCode: '00',
        fee: '1.50',
        feeCurrencyCode: 'EUR',
        summary: {
          totalCount: 2,
          validCount: 2,
          invalidCount: 0,
          totalAmount: '150.00',
          totalFee: '1.50',
          totalWithFee: '151.50',
          currencyCode: 'EUR',
        },
      })
      // The payee who is a customer is paid now; the newcomer's 50.00 is held for the claim.
      expect(Number(await eurOf(token))).toBeCloseTo(before - 101, 2)
      expect(Number(await eurOf(payeeToken))).toBeCloseTo(payeeBefore + 100, 2)
      const again = await uploadFile(data, csv)
      expect(again.body).toEqual(reply.body)
      expect(Number(await eurOf(token))).toBeCloseTo(before - 101, 2)
      const other = await uploadFile(data, 'demo@nova.example,1.00')
      expect(failedParameters(other)).toEqual(['idempotencyKey'])

      const list = await server.post('/rpc/batchTransferList', {}, token)
      const batches = (list.body.batchTransfer as { transfer: Record<string, unknown>[] }).transfer
      expect(batches[0]).toMatchObject({
        id: reply.body.batchId,
        type: 'p2p',
        name: 'payroll.csv',
        totalAmount: '150.00',
        transferCount: 2,
        hasFile: true,
      })
      const file = await server.post(
        '/rpc/batchTransferFileView',
        { id: reply.body.batchId },
        token,
      )
      expect(Buffer.from(String(file.body.content), 'base64').toString('utf8')).toBe(csv)
      const foreign = await server.post(
        '/rpc/batchTransferFileView',
        { id: reply.body.batchId },
        payeeToken,
      )
      expect(failedParameters(foreign)).toEqual(['id'])
    })

    it('answers two sends of one batch at once with one batch: the money moves once', async () => {
      const before = Number(await eurOf(token))
      const body = {
        accountId: eur,
        text: 'demo@nova.example,7.00\ndemo@nova.example,8.00',
        idempotencyKey: 'mass-race-1',
      }
      const [a, b] = await Promise.all([
        server.post('/rpc/p2pMassTransferTextSubmit', body, token),
        server.post('/rpc/p2pMassTransferTextSubmit', body, token),
      ])
      expect(a.body.responseCode).toBe('00')
      expect(b.body).toEqual(a.body)
      expect(Number(await eurOf(token))).toBeCloseTo(before - 15 - 0.6, 2)
    })

    it('sends pasted lines', async () => {
      const before = Number(await eurOf(token))
      const reply = await server.post(
        '/rpc/p2pMassTransferTextSubmit',
        {
          accountId: eur,
          text: 'demo@nova.example\t20.00\tEUR\tbonus\ndemo@nova.example\t30.00',
          idempotencyKey: 'mass-text-1',
        },
        token,
      )
      expect(reply.body.summary).toMatchObject({ totalCount: 2, totalAmount: '50.00' })
      expect(Number(await eurOf(token))).toBeCloseTo(before - 50 - 0.6, 2)
    })
  })
}
