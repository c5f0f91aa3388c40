// The demo history (src/server/demo/history.ts) as the demo shows it: payroll@nova.example has two
// pages of history over some two months, with a paid payroll batch and one of its
// initiator waiting for approval as a whole; the ledger and the history agree on the balance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseTargets, startServer, type TestServer } from '../server-harness.ts'
import { balancesOf } from '../transfers/transfer-test-kit.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    beforeAll(async () => {
      server = await startServer(target)
      token = (await server.signIn('payroll@nova.example')).accessToken
    })
    afterAll(async () => {
      await server?.close()
    })

    it('has more than a page and a half, over weeks, newest first', async () => {
      const first = await server.post('/rpc/transactionHistoryList', {}, token)
      const second = await server.post('/rpc/transactionHistoryList', { pageNumber: 2 }, token)
      const entries = [
        ...(first.body.transactions as { date: string; status: string }[]),
        ...(second.body.transactions as { date: string; status: string }[]),
      ]
      const total = first.body.results as number
      expect(total).toBeGreaterThan(30)
      expect(entries).toHaveLength(Math.min(40, total))
      const lastPage = await server.post(
        '/rpc/transactionHistoryList',
        { pageNumber: Math.ceil(total / 20) },
        token,
      )
      const oldest = (lastPage.body.transactions as { date: string }[]).at(-1)!
      const days = (Date.parse(entries[0]!.date) - Date.parse(oldest.date)) / 86_400_000
      expect(days).toBeGreaterThan(50)
      // The waiting batch (3 holds) and the payment held for a claim are processing, each as
      // its transfer line and its fee line.
      expect(first.body.processingCount).toBe(8)
    })

    it('agrees with the ledger on each account', async () => {
      const balances = await balancesOf(server, token)
      for (const [currency, accountId] of Object.entries(balances.ids)) {
        const reply = await server.post('/rpc/transactionHistoryList', { accountId }, token)
        expect(reply.body.summary).toMatchObject({ endingBalance: balances.balance[currency] })
      }
    })

    it('lists a paid batch and a batch waiting for approval, which the owner approves', async () => {
      const list = await server.post('/rpc/batchTransferList', {}, token)
      const batches = (list.body.batchTransfer as { transfer: Record<string, unknown>[] }).transfer
      expect(batches.map((b) => [b.name, b.status, b.transferCount])).toEqual([
        ['payroll-november.csv', 'awaitingApproval', 3],
        ['payroll-october.csv', 'completed', 3],
      ])
      const before = Number((await balancesOf(server, token)).balance.EUR)
      const approved = await server.post(
        '/rpc/businessTransactionMassApprove',
        { batchId: batches[0]!.id, idempotencyKey: 'demo-approve-november' },
        token,
      )
      expect(approved.body.responseCode).toBe('00')
      // 870 + 940 + 610 and a fee of 8.70, 9.40 and 6.10.
      expect(Number((await balancesOf(server, token)).balance.EUR)).toBeCloseTo(
        before - 2420 - 24.2,
        2,
      )
    })
  })
}
