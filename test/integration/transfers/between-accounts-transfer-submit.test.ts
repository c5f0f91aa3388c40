// betweenAccountsTransferSubmit as a customer sees it: money moves between own accounts at
// once (approval type 0), converted at the customer's rate when the currencies differ; a retry
// with the same key answers the first result, another request with it is refused; funds,
// closed accounts, foreign accounts and amounts with too many decimals are refused and move
// nothing.
import { and, eq, isNotNull, notInArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ledgerAccounts } from '../../../src/server/db/schema-ledger.ts'
import { houseAccount } from '../../../src/server/ledger/house-accounts.ts'
import { postTransfer } from '../../../src/server/ledger/post-transfer.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    let usd: number
    let eur: number
    let someoneElses: number
    beforeAll(async () => {
      server = await startServer(target)
      token = (await server.signIn('demo@nova.example')).accessToken
      const accounts = (await server.post('/rpc/balanceInquiry', {}, token)).body.accounts ?? []
      usd = accounts.find((a) => a.currencyCode === 'USD')!.accountId
      eur = accounts.find((a) => a.currencyCode === 'EUR')!.accountId
      const [other] = await server.db
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(and(isNotNull(ledgerAccounts.customerId), notInArray(ledgerAccounts.id, [usd, eur])))
      someoneElses = other!.id
    })
    afterAll(async () => {
      await server?.close()
    })

    const balances = async () => {
      const accounts = (await server.post('/rpc/balanceInquiry', {}, token)).body.accounts ?? []
      return Object.fromEntries(accounts.map((a) => [a.currencyCode, a.balance]))
    }
    const submit = (body: Record<string, unknown>) =>
      server.post('/rpc/betweenAccountsTransferSubmit', body, token)

    it('converts USD 100.00 to EUR at the customer rate and answers approval type 0', async () => {
      const reply = await submit({
        toAmount: '100.00',
        fromAccount: usd,
        toAccount: eur,
        idempotencyKey: 'between-usd-eur-1',
      })
      expect(reply.body).toMatchObject({
        responseCode: '00',
        responseDescription: 'Successfully submitted',
        approveType: 0,
        fee: '0.00',
        feeCurrencyCode: 'USD',
      })
      // 0.92 EUR per USD less the 0.5% markup: 0.9154; 100 USD buys 91.54 EUR.
      expect(await balances()).toEqual({ USD: '1150.75', EUR: '1071.94' })
    })

    it('answers a retry with the same key with the first result and moves nothing', async () => {
      const body = {
        toAmount: '10.00',
        fromAccount: usd,
        toAccount: eur,
        idempotencyKey: 'retry-1',
      }
      const first = await submit(body)
      const before = await balances()
      const second = await submit(body)
      expect(second.body).toEqual(first.body)
      expect(await balances()).toEqual(before)
      const other = await submit({ ...body, toAmount: '11.00' })
      expect(other.body.responseCode).toBe('VF')
      expect(failedParameters(other)).toEqual(['idempotencyKey'])
      expect(await balances()).toEqual(before)
    })

    it('answers a retry of a refused request with the same refusal, even once money arrived', async () => {
      const body = {
        toAmount: '5000.00',
        fromAccount: usd,
        toAccount: eur,
        idempotencyKey: 'refused-then-funded',
      }
      const refused = await submit(body)
      expect(refused.body.responseCode).toBe('VF')
      expect(failedParameters(refused)).toEqual(['toAmount'])
      // Money arrives; the same request (a retry after a lost answer) still is what it was.
      const start = (await balances()).USD!
      const clearing = await houseAccount(server.db, 'clearing:test', 'USD')
      await postTransfer(server.db, {
        idempotencyKey: 'refused-then-funded-topup',
        kind: 'deposit',
        postings: [
          { accountId: clearing, currencyCode: 'USD', amountMinor: -1_000_000n },
          { accountId: usd, currencyCode: 'USD', amountMinor: 1_000_000n },
        ],
      })
      const before = await balances()
      const retried = await submit(body)
      expect(retried.body).toEqual(refused.body)
      expect(await balances()).toEqual(before)
      // The key belongs to that request; a new attempt takes a new key and goes through.
      expect(failedParameters(await submit({ ...body, toAmount: '4999.00' }))).toEqual([
        'idempotencyKey',
      ])
      const fresh = await submit({ ...body, idempotencyKey: 'refused-then-funded-2' })
      expect(fresh.body.responseCode).toBe('00')
      // What is left of the top-up goes back, so the tests after this one see the balance.
      const leftMinor = BigInt(Math.round((Number((await balances()).USD) - Number(start)) * 100))
      await postTransfer(server.db, {
        idempotencyKey: 'refused-then-funded-back',
        kind: 'deposit',
        postings: [
          { accountId: usd, currencyCode: 'USD', amountMinor: -leftMinor },
          { accountId: clearing, currencyCode: 'USD', amountMinor: leftMinor },
        ],
      })
      expect((await balances()).USD).toBe(start)
    })

    it('moves money once for fifty concurrent requests with one key, all answered alike', async () => {
      const before = await balances()
      const body = {
        toAmount: '3.00',
        fromAccount: usd,
        toAccount: eur,
        idempotencyKey: 'concurrent-key-1',
      }
      const replies = await Promise.all(Array.from({ length: 50 }, () => submit(body)))
      for (const reply of replies) expect(reply.body).toEqual(replies[0]!.body)
      expect(replies[0]!.body.responseCode).toBe('00')
      const after = await balances()
      expect(Math.round((Number(before.USD) - Number(after.USD)) * 100)).toBe(300)
    })

    it('takes an amount in the target currency and debits what buys it, rounded up', async () => {
      const before = await balances()
      const reply = await submit({
        toAmount: '9.15',
        currency: 'EUR',
        fromAccount: usd,
        toAccount: eur,
        idempotencyKey: 'between-eur-amount',
      })
      expect(reply.body.responseCode).toBe('00')
      const after = await balances()
      // 9.15 / 0.9154 = 9.9956... so 10.00 USD leaves and exactly 9.15 EUR arrives.
      expect(Number(before.USD) - Number(after.USD)).toBeCloseTo(10.0, 2)
      expect(Number(after.EUR) - Number(before.EUR)).toBeCloseTo(9.15, 2)
    })

    const refusals: [string, { body: () => Record<string, unknown>; want: string[] }][] = [
      [
        'more than the available balance',
        {
          body: () => ({ toAmount: '5000.00', fromAccount: usd, toAccount: eur }),
          want: ['toAmount'],
        },
      ],
      [
        'the same account twice',
        {
          body: () => ({ toAmount: '1.00', fromAccount: usd, toAccount: usd }),
          want: ['toAccount'],
        },
      ],
      [
        'an account of someone else',
        {
          body: () => ({ toAmount: '1.00', fromAccount: usd, toAccount: someoneElses }),
          want: ['toAccount'],
        },
      ],
      [
        'more decimals than the currency has',
        {
          body: () => ({ toAmount: '1.001', fromAccount: usd, toAccount: eur }),
          want: ['toAmount'],
        },
      ],
      [
        'a currency of neither account',
        {
          body: () => ({ toAmount: '1.00', currency: 'GBP', fromAccount: usd, toAccount: eur }),
          want: ['currency'],
        },
      ],
      [
        'an end date in the past',
        {
          body: () => ({
            toAmount: '1.00',
            fromAccount: usd,
            toAccount: eur,
            subscriptionFrequency: 'daily',
            subscriptionEndDate: '2020-01-01',
          }),
          want: ['subscriptionEndDate'],
        },
      ],
    ]
    it.each(refusals)('refuses %s with VF and moves nothing', async (name, { body, want }) => {
      const before = await balances()
      const reply = await submit({
        ...body(),
        idempotencyKey: `refused-${name.replace(/\W+/g, '-')}`,
      })
      expect(reply.status).toBe(200)
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(want)
      expect(await balances()).toEqual(before)
    })

    it('refuses to pay into a closed account with CA', async () => {
      const opened = await server.post('/rpc/accountCurrencyAdd', { currencyCode: 'GBP' }, token)
      const gbp = (opened.body.account as { accountId: number }).accountId
      await server.db.update(ledgerAccounts).set({ statusId: 11 }).where(eq(ledgerAccounts.id, gbp))
      const before = await balances()
      const reply = await submit({
        toAmount: '1.00',
        fromAccount: usd,
        toAccount: gbp,
        idempotencyKey: 'to-closed',
      })
      expect(reply.body.responseCode).toBe('CA')
      expect(await balances()).toEqual(before)
    })
  })
}
