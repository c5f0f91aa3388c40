// The transaction history as a customer reads it (product-spec sections 3 "History" and 9):
// derived from the ledger and the orders, newest first, 20 a page from page 1 (and the small
// page home uses), each entry with its signed amount, fee, counterparty and status (a hold is
// processing), the filters of the spec, and a summary whose ending balance is the balance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { balancesOf, customerIdOf } from '../transfers/transfer-test-kit.ts'

interface Entry {
  transactionId: number
  date: string
  accountId: number
  transactionType: string
  description: string
  amount: string
  currencyCode: string
  fee: string
  balance?: string
  direction: string
  status: string
  counterpartyName?: string
  counterpartyEmail?: string
  reference?: string
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    let businessToken: string
    let ids: Record<string, number>
    let p2pId: number
    beforeAll(async () => {
      server = await startServer(target)
      token = (await server.signIn('demo@nova.example')).accessToken
      businessToken = (await server.signIn('business@nova.example')).accessToken
      ids = (await balancesOf(server, token)).ids as Record<string, number>
      // Eleven conversions (two entries each) and one P2P: 23 entries besides the seeded ones.
      for (let i = 1; i <= 11; i++) {
        const reply = await server.post(
          '/rpc/betweenAccountsTransferSubmit',
          {
            toAmount: `${i}.00`,
            currency: 'USD',
            fromAccount: ids.USD,
            toAccount: ids.EUR,
            idempotencyKey: `history-between-${i}`,
          },
          token,
        )
        expect(reply.body.responseCode).toBe('00')
      }
      const p2p = await server.post(
        '/rpc/p2pTransferSubmit',
        {
          accountId: ids.USD,
          amount: '40.00',
          currency: 'USD',
          toEmail: 'business@nova.example',
          note: 'Rent March',
          idempotencyKey: 'history-p2p-1',
        },
        token,
      )
      expect(p2p.body.responseCode).toBe('00')
      p2pId = p2p.body.transactionId as number
    })
    afterAll(async () => {
      await server?.close()
    })
    const history = async (filter: Record<string, unknown> = {}, bearer = token) => {
      const reply = await server.post('/rpc/transactionHistoryList', filter, bearer)
      return reply
    }
    const entries = (reply: Awaited<ReturnType<typeof history>>) =>
      reply.body.transactions as Entry[]

    it('pages 20 at a time from page 1, newest first, without overlap', async () => {
      const first = await history()
      const second = await history({ pageNumber: 2 })
      const total = first.body.results as number
      expect(total).toBeGreaterThanOrEqual(26)
      expect(entries(first)).toHaveLength(20)
      expect(entries(second).length).toBe(Math.min(20, total - 20))
      const all = [...entries(first), ...entries(second)]
      const dates = all.map((e) => e.date)
      expect([...dates].sort().reverse()).toEqual(dates)
      const keys = all.map((e) => `${e.transactionId}:${e.accountId}:${e.transactionType}`)
      expect(new Set(keys).size).toBe(keys.length)
      // The P2P's fee is its own line, after the transfer's (newest first: above it).
      expect(entries(first)[0]).toMatchObject({ transactionId: p2pId, transactionType: 'fees' })
      expect(entries(first)[1]).toMatchObject({ transactionId: p2pId, transactionType: 'p2p' })
      const small = await history({ pageSize: 5 })
      expect(entries(small)).toEqual(entries(first).slice(0, 5))
    })

    it('shows a P2P to each side: signed amount, fee, counterparty, reference', async () => {
      const [fee, sent] = entries(await history({ keyword: 'rent' }))
      expect(fee).toMatchObject({
        transactionId: p2pId,
        transactionType: 'fees',
        amount: '-0.40',
        fee: '0.00',
        direction: 'debit',
        descriptionKey: 'feeP2pTo',
        descriptionParams: { email: 'business@nova.example' },
      })
      expect(sent).toMatchObject({
        transactionId: p2pId,
        accountId: ids.USD,
        amount: '-40.00',
        fee: '0.40',
        currencyCode: 'USD',
        direction: 'debit',
        status: 'completed',
        counterpartyEmail: 'business@nova.example',
        counterpartyName: 'Northwind Trading Ltd',
        reference: 'Rent March',
        description: 'P2P transfer to business@nova.example',
        // The same words as a key of the portal's texts, read in the reader's language.
        descriptionKey: 'p2pTo',
        descriptionParams: { email: 'business@nova.example' },
      })
      const received = entries(await history({ email: 'demo@nova.example' }, businessToken))
      expect(received).toHaveLength(1)
      expect(received[0]).toMatchObject({
        transactionId: p2pId,
        amount: '40.00',
        fee: '0.00',
        direction: 'credit',
        counterpartyName: 'Alex Morgan',
        description: 'P2P transfer from demo@nova.example',
        descriptionKey: 'p2pFrom',
        descriptionParams: { email: 'demo@nova.example' },
      })
      // The same transaction is found by the id the submit answered.
      expect(
        entries(await history({ keyword: String(p2pId) })).map((e) => e.transactionId),
      ).toEqual([p2pId, p2pId])
    })

    it('filters by account, type, direction, status, amount and days', async () => {
      const eur = entries(await history({ accountId: ids.EUR }))
      expect(eur.every((e) => e.accountId === ids.EUR && e.currencyCode === 'EUR')).toBe(true)
      expect(eur.filter((e) => e.transactionType === 'betweenAccounts')).toHaveLength(11)
      const p2p = entries(await history({ transactionType: 'p2p' }))
      expect(p2p.map((e) => e.transactionId)).toEqual([p2pId])
      const fees = entries(await history({ transactionType: 'fees', pageSize: 100 }))
      expect(fees.map((e) => e.transactionId)).toContain(p2pId)
      expect(fees.every((e) => e.transactionType === 'fees' && e.direction === 'debit')).toBe(true)
      const credits = entries(
        await history({ transactionDirection: 'credit', accountId: ids.USD, pageSize: 100 }),
      )
      expect(credits.map((e) => e.transactionType)).toContain('deposit')
      expect(credits.every((e) => e.direction === 'credit' && Number(e.amount) > 0)).toBe(true)
      const held = await history({ status: 'processing', pageSize: 100 })
      expect(entries(held).every((e) => e.status === 'processing')).toBe(true)
      expect(entries(held).map((e) => [e.amount, e.transactionType])).toContainEqual([
        '-25.00',
        'cardPurchase',
      ])
      expect(held.body.processingCount).toBe(entries(held).length)
      const mid = entries(
        await history({
          fromAmount: '5',
          toAmount: '7',
          accountId: ids.USD,
          transactionType: 'betweenAccounts',
        }),
      )
      expect(mid.map((e) => e.amount).sort()).toEqual(['-5.00', '-6.00', '-7.00'])
      const today = new Date().toISOString().slice(0, 10)
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
      expect((await history({ fromDate: tomorrow })).body.results).toBe(0)
      expect((await history({ fromDate: today, toDate: today })).body.results).toBeGreaterThan(20)
    })

    it('sums one account: the ending balance is the balance', async () => {
      const reply = await history({ accountId: ids.USD })
      const balances = await balancesOf(server, token)
      const count = async (status: string) =>
        (await history({ accountId: ids.USD, status })).body.results
      expect(reply.body.summary).toMatchObject({
        currencyCode: 'USD',
        beginningBalance: '0.00',
        endingBalance: balances.balance.USD,
        processingCount: await count('processing'),
        rejectedCount: await count('rejected'),
      })
      const [newest] = entries(reply)
      expect(newest?.balance).toBe(balances.balance.USD)
      const later = await history({ accountId: ids.USD, fromDate: '2099-01-01' })
      expect(later.body.summary).toMatchObject({
        beginningBalance: balances.balance.USD,
        totalDebit: '0.00',
        endingBalance: balances.balance.USD,
      })
    })

    it('shows a held or declined payment to the payer only, never to the payee', async () => {
      const initiator = (await server.signIn('initiator@nova.example')).accessToken
      const company = await customerIdOf(server, 'business@nova.example')
      const businessIds = (await balancesOf(server, businessToken)).ids as Record<string, number>
      const held = await server.post(
        '/rpc/p2pTransferSubmit',
        {
          fromCustomerId: company,
          accountId: businessIds.EUR,
          amount: '7.25',
          currency: 'EUR',
          toEmail: 'demo@nova.example',
          idempotencyKey: 'history-held-for-approver',
        },
        initiator,
      )
      expect(held.body.responseCode).toBe('00')
      const orderId = held.body.transactionId as number
      const payeeSees = async () =>
        entries(await history({ pageSize: 100 })).some((e) => e.transactionId === orderId)
      expect(await payeeSees()).toBe(false)
      // The newest request first: this one.
      const [request] = (await server.post('/rpc/businessTransactionList', {}, businessToken)).body
        .requests as { id: number }[]
      expect(request).toBeDefined()
      const declined = await server.post(
        '/rpc/businessTransactionApprove',
        { transactionIds: [request!.id], declined: true, idempotencyKey: 'history-decline' },
        businessToken,
      )
      expect(declined.body.responseCode).toBe('00')
      expect(await payeeSees()).toBe(false)
      const payer = entries(await history({ pageSize: 100 }, businessToken))
      expect(payer.find((e) => e.transactionId === orderId)).toMatchObject({ status: 'rejected' })
    })

    it('shows a fee as its own line after its transfer, each balance after reconciling', async () => {
      const before = (await balancesOf(server, token)).balance.USD!
      const p2p = await server.post(
        '/rpc/p2pTransferSubmit',
        {
          accountId: ids.USD,
          amount: '2.00',
          currency: 'USD',
          toEmail: 'business@nova.example',
          idempotencyKey: 'history-p2p-fee-line',
        },
        token,
      )
      expect(p2p.body).toMatchObject({ responseCode: '00', fee: '0.30' })
      const after = (await balancesOf(server, token)).balance.USD!
      const [fee, sent, earlier] = entries(await history({ accountId: ids.USD }))
      expect(sent).toMatchObject({ transactionType: 'p2p', amount: '-2.00', fee: '0.30' })
      expect(fee).toMatchObject({ transactionType: 'fees', amount: '-0.30', balance: after })
      const cents = (amount: string | undefined) => Math.round(Number(amount) * 100)
      expect(cents(earlier!.balance) - cents(sent!.balance)).toBe(200)
      expect(cents(sent!.balance) - cents(fee!.balance)).toBe(30)
      expect(cents(sent!.amount) + cents(fee!.amount)).toBe(cents(after) - cents(before))
    })

    it('refuses what is not the customer’s and filters that contradict themselves', async () => {
      const business = await balancesOf(server, businessToken)
      expect(failedParameters(await history({ accountId: business.ids.EUR }))).toEqual([
        'accountId',
      ])
      expect(
        failedParameters(await history({ fromDate: '2026-03-02', toDate: '2026-03-01' })),
      ).toEqual(['toDate'])
      expect(failedParameters(await history({ fromAmount: '9', toAmount: '1' }))).toEqual([
        'toAmount',
      ])
      expect(failedParameters(await history({ pageNumber: 0 }))).toEqual(['pageNumber'])
      const foreign = await history({
        customerId: await customerIdOf(server, 'business@nova.example'),
      })
      expect(foreign.body.responseCode).toBe('13')
    })
  })
}
