// A company's mass batch made by an initiator (access right 3) waits as one approval request per
// batch (product-spec sections 3, 4 and 6): every payment is held, no single request of it can be
// decided alone, and businessTransactionMassApprove posts every hold (approve) or voids every
// hold (decline) as a whole, once per idempotency key. Balances are checked at each step, and
// the batch history and the transaction history show what happened.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customers } from '../../../src/server/db/schema.ts'
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
    let company: number
    let initiator: string
    let approver: string
    let payee: string
    let eur: number
    beforeAll(async () => {
      server = await startServer(target)
      company = await customerIdOf(server, 'business@nova.example')
      await server.db
        .update(customers)
        .set({ permissions: { sendMoneyMassUser: true } })
        .where(eq(customers.id, company))
      initiator = (await server.signIn('initiator@nova.example')).accessToken
      approver = (await server.signIn('business@nova.example')).accessToken
      payee = (await server.signIn('demo@nova.example')).accessToken
      eur = (await balancesOf(server, approver)).ids.EUR!
    })
    afterAll(async () => {
      await server?.close()
    })
    const company$ = async () => {
      const b = await balancesOf(server, approver)
      return { balance: Number(b.balance.EUR), pending: Number(b.pending.EUR) }
    }
    const payeeEur = async () => Number((await balancesOf(server, payee)).balance.EUR)
    const initiate = (key: string, text: string) =>
      server.post(
        '/rpc/p2pMassTransferTextSubmit',
        { fromCustomerId: company, accountId: eur, text, idempotencyKey: key },
        initiator,
      )
    const massApprove = (body: Record<string, unknown>) =>
      server.post('/rpc/businessTransactionMassApprove', body, approver)

    it('approves an initiator’s batch as a whole: every hold posted, once', async () => {
      const before = await company$()
      const payeeBefore = await payeeEur()
      const reply = await initiate(
        'mass-initiate-1',
        'demo@nova.example,10.00,EUR,first\ndemo@nova.example,20.00,EUR,second',
      )
      expect(reply.body).toMatchObject({
        responseCode: '00',
        responseDescription: 'approval transaction created',
        approvalRequestCreated: true,
      })
      const batchId = reply.body.batchId as number
      const held = await company$()
      expect(held.balance).toBeCloseTo(before.balance, 2)
      expect(held.pending).toBeCloseTo(before.pending - 30.6, 2)

      const list = await server.post('/rpc/businessTransactionList', {}, approver)
      const requests = (list.body.requests as { id: number; massBatchId?: number }[]).filter(
        (r) => r.massBatchId === batchId,
      )
      expect(requests).toHaveLength(2)
      const alone = await server.post(
        '/rpc/businessTransactionApprove',
        { transactionIds: [requests[0]!.id], idempotencyKey: 'mass-alone-1' },
        approver,
      )
      expect(failedParameters(alone)).toEqual(['transactionIds'])
      expect((await company$()).pending).toBeCloseTo(held.pending, 2)

      const approved = await massApprove({ batchId, idempotencyKey: 'mass-approve-1' })
      expect(approved.body).toMatchObject({ responseCode: '00', approveType: 0 })
      const after = await company$()
      expect(after.balance).toBeCloseTo(before.balance - 30.6, 2)
      expect(after.pending).toBeCloseTo(before.pending, 2)
      expect(await payeeEur()).toBeCloseTo(payeeBefore + 30, 2)

      const again = await massApprove({ batchId, idempotencyKey: 'mass-approve-1' })
      expect(again.body).toEqual(approved.body)
      expect((await company$()).balance).toBeCloseTo(after.balance, 2)
      const decided = await massApprove({ batchId, idempotencyKey: 'mass-approve-2' })
      expect(failedParameters(decided)).toEqual(['batchId'])

      const history = await server.post(
        '/rpc/transactionHistoryList',
        { transactionType: 'massPayment', keyword: String(batchId) },
        approver,
      )
      const entries = history.body.transactions as { batchId?: number; status: string }[]
      expect(entries.map((e) => [e.batchId, e.status])).toEqual([
        [batchId, 'completed'],
        [batchId, 'completed'],
      ])
    })

    it('declines another batch as a whole: every hold voided, nothing paid', async () => {
      const before = await company$()
      const payeeBefore = await payeeEur()
      const reply = await initiate(
        'mass-initiate-2',
        'demo@nova.example,15.00\ndemo@nova.example,5.00',
      )
      const batchId = reply.body.batchId as number
      expect((await company$()).pending).toBeCloseTo(before.pending - 20.6, 2)
      const declined = await massApprove({
        batchId,
        declined: true,
        idempotencyKey: 'mass-decline-1',
      })
      expect(declined.body).toMatchObject({
        responseCode: '00',
        responseDescription: 'Transaction was rejected.',
      })
      const after = await company$()
      expect(after.balance).toBeCloseTo(before.balance, 2)
      expect(after.pending).toBeCloseTo(before.pending, 2)
      expect(await payeeEur()).toBeCloseTo(payeeBefore, 2)

      const batches = await server.post('/rpc/batchTransferList', { types: ['p2p'] }, approver)
      const rows = (batches.body.batchTransfer as { transfer: Record<string, unknown>[] }).transfer
      expect(rows.map((b) => [b.id, b.status, b.processedCount, b.rejectedCount])).toEqual([
        [batchId, 'rejected', 0, 2],
        [batchId - 1, 'completed', 2, 0],
      ])
    })

    it('takes an initiator’s file for the company, named in a form part, as one request', async () => {
      const before = await company$()
      const form = new FormData()
      form.append('fromCustomerId', String(company))
      form.append('data', JSON.stringify({ accountId: eur, idempotencyKey: 'mass-initiate-3' }))
      form.append(
        'file',
        new Blob(['email,amount\ndemo@nova.example,4.00\ndemo@nova.example,6.00'], {
          type: 'text/csv',
        }),
        'bonus.csv',
      )
      const response = await fetch(`${server.baseUrl}/rpc/p2pMassTransferFileSubmit`, {
        method: 'POST',
        headers: { authorization: `Bearer ${initiator}` },
        body: form,
      })
      const body = (await response.json()) as Record<string, unknown>
      expect(body).toMatchObject({ responseCode: '00', approvalRequestCreated: true })
      expect((await company$()).pending).toBeCloseTo(before.pending - 10.6, 2)
      const list = await server.post('/rpc/businessTransactionList', {}, approver)
      const requests = list.body.requests as { massBatchId?: number; amount: string }[]
      expect(requests.filter((r) => r.massBatchId === body.batchId).map((r) => r.amount)).toEqual([
        '6.00',
        '4.00',
      ])
      const declined = await massApprove({
        batchId: body.batchId,
        declined: true,
        idempotencyKey: 'mass-decline-3',
      })
      expect(declined.body.responseCode).toBe('00')
      expect((await company$()).pending).toBeCloseTo(before.pending, 2)
    })

    it('refuses a batch of another customer and a read-only user', async () => {
      const foreign = await server.post(
        '/rpc/businessTransactionMassApprove',
        { batchId: 910001, idempotencyKey: 'mass-foreign-1' },
        payee,
      )
      expect(failedParameters(foreign)).toEqual(['batchId'])
      const reader = (await server.signIn('employee@nova.example')).accessToken
      const read = await server.post(
        '/rpc/p2pMassTransferTextSubmit',
        {
          fromCustomerId: company,
          accountId: eur,
          text: 'demo@nova.example,1.00',
          idempotencyKey: 'mass-reader-1',
        },
        reader,
      )
      expect(read.body.responseCode).toBe('13')
    })
  })
}
