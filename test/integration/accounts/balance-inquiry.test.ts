// balanceInquiry as a signed-in customer sees it: balances from the ledger, holds as pending
// amounts, the server's order and the derived flags (product-spec section 3).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseTargets, startServer, type TestServer } from '../server-harness.ts'

const usdFlags = {
  statementsAvailable: true,
  transactionHistoryAvailable: true,
  instructionsAvailable: true,
  // demo@'s cards settle against both accounts (src/server/demo/cards.ts).
  cardCanBeRequested: false,
  remainingValue: '1225.75',
  isPrepayment: false,
  cardIsRequested: true,
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    let customerId: number
    beforeAll(async () => {
      server = await startServer(target)
      token = (await server.signIn('demo@nova.example')).accessToken
      const info = await server.post('/rpc/getCustomerInfo', {}, token)
      customerId = info.body.customer?.customerId ?? 0
    })
    afterAll(async () => {
      await server?.close()
    })

    const inquire = async (filter: Record<string, unknown> = {}) => {
      const reply = await server.post('/rpc/balanceInquiry', filter, token)
      expect(reply.status).toBe(200)
      expect(reply.body.responseCode).toBe('00')
      return reply.body.accounts ?? []
    }

    it('lists USD 1250.75 with a 25.00 hold, then EUR 980.40, with their flags', async () => {
      const accounts = await inquire()
      expect(accounts).toHaveLength(2)
      expect(accounts[0]).toMatchObject({
        type: 1001,
        currencyCode: 'USD',
        accountStatusId: 2,
        balance: '1250.75',
        pendingAmount: '-25.00',
        accountBalanceMin: '0.00',
        customerId,
        flags: usdFlags,
      })
      expect(accounts[1]).toMatchObject({
        type: 1001,
        currencyCode: 'EUR',
        accountStatusId: 2,
        balance: '980.40',
        pendingAmount: '0.00',
        customerId,
        flags: { ...usdFlags, remainingValue: '980.40' },
      })
    })

    it('keeps the server order: payment accounts first, then by account id', async () => {
      const accounts = await inquire()
      const ids = accounts.map((account) => account.accountId)
      expect(ids).toEqual([...ids].sort((a, b) => a - b))
      expect(accounts.map((account) => account.currencyCode)).toEqual(['USD', 'EUR'])
    })

    it('shows only the caller’s own accounts', async () => {
      const business = await server.signIn('business@nova.example')
      const reply = await server.post('/rpc/balanceInquiry', {}, business.accessToken)
      const theirs = (reply.body.accounts ?? []).map((account) => account.accountId)
      const mine = (await inquire()).map((account) => account.accountId)
      expect(theirs).toHaveLength(2)
      expect(theirs.filter((id) => mine.includes(id))).toEqual([])
      expect(reply.body.accounts?.map((account) => account.balance)).toEqual([
        '15400.00',
        // 7200.50 opened, less the demo's paid-out global payment (80.00 and its 1.60 fee).
        '7118.90',
      ])
    })

    const filters: [
      string,
      { given: (ids: number[]) => Record<string, unknown>; want: string[] },
    ][] = [
      ['a currency', { given: () => ({ currencyCode: 'EUR' }), want: ['EUR'] }],
      ['an account id', { given: (ids) => ({ accountId: ids[0] }), want: ['USD'] }],
      [
        'a currency the customer has no account in',
        { given: () => ({ currencyCode: 'GBP' }), want: [] },
      ],
      ['an account of someone else', { given: () => ({ accountId: 2147483647 }), want: [] }],
    ]
    it.each(filters)('filters by %s', async (_name, { given, want }) => {
      const ids = (await inquire()).map((account) => account.accountId)
      const accounts = await inquire(given(ids))
      expect(accounts.map((account) => account.currencyCode)).toEqual(want)
    })

    it('answers an admin with no accounts with an empty list', async () => {
      const admin = await server.signIn('admin@nova.example')
      const reply = await server.post('/rpc/balanceInquiry', {}, admin.accessToken)
      expect(reply.body).toMatchObject({ responseCode: '00', accounts: [] })
    })
  })
}
