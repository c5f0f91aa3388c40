// The ledger's promises (DESIGN.md section 6; STYLE.md habit 4): balanced transfers only,
// nothing written by a refused one, and idempotency keys that replay or refuse.
import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../../src/server/db/schema.ts'
import { ledgerPostings, ledgerTransfers } from '../../../src/server/db/schema-ledger.ts'
import { balancesOf } from '../../../src/server/ledger/balances.ts'
import { houseAccount, openCustomerAccount } from '../../../src/server/ledger/house-accounts.ts'
import {
  LedgerInvariantError,
  postTransfer,
  type PostingInput,
} from '../../../src/server/ledger/post-transfer.ts'
import { AccountType } from '../../../src/generated/constants.ts'
import { databaseTargets, openTestDatabase, type TestDatabase } from '../server-harness.ts'

/** The accounts the cases move money between, opened once the database exists. */
interface Accounts {
  customerUsd: number
  customerEur: number
  clearingUsd: number
}

const usd = (accountId: number, amountMinor: bigint): PostingInput => ({
  accountId,
  currencyCode: 'USD',
  amountMinor,
})
const moveUsd = (a: Accounts, amountMinor: bigint) => [
  usd(a.clearingUsd, -amountMinor),
  usd(a.customerUsd, amountMinor),
]

const refusals: [string, { given: (a: Accounts) => PostingInput[] }][] = [
  [
    'postings that do not sum to zero',
    { given: (a) => [usd(a.clearingUsd, -1000n), usd(a.customerUsd, 999n)] },
  ],
  ['a single posting', { given: (a) => [usd(a.customerUsd, 1000n)] }],
  ['a posting of zero', { given: (a) => [usd(a.clearingUsd, 0n), usd(a.customerUsd, 0n)] }],
  [
    'currencies that each fail to balance',
    {
      given: (a) => [
        usd(a.clearingUsd, -1000n),
        { accountId: a.customerEur, currencyCode: 'EUR', amountMinor: 1000n },
      ],
    },
  ],
  // Balanced, but the EUR account is not in USD: refused inside the transaction, after the
  // transfer row was inserted, so this one proves the rollback.
  [
    'a posting in another currency than its account',
    { given: (a) => [usd(a.clearingUsd, -1000n), usd(a.customerEur, 1000n)] },
  ],
]

const conflicts: [string, { given: (a: Accounts) => PostingInput[]; status?: 'pending' }][] = [
  ['other amounts', { given: (a) => [usd(a.clearingUsd, -9_999n), usd(a.customerUsd, 9_999n)] }],
  [
    'the other direction',
    { given: (a) => [usd(a.clearingUsd, 2_000n), usd(a.customerUsd, -2_000n)] },
  ],
  ['a hold instead of a posting', { given: (a) => moveUsd(a, 2_000n), status: 'pending' }],
]

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let database: TestDatabase
    let accounts: Accounts
    beforeAll(async () => {
      database = await openTestDatabase(target)
      const { db } = database
      const [user] = await db.select().from(users).where(eq(users.username, 'demo@nova.example'))
      if (!user) throw new Error('the demo customer is seeded')
      const open = (currencyCode: string) =>
        openCustomerAccount(db, {
          customerId: user.customerId,
          currencyCode,
          type: AccountType.Payment,
        })
      accounts = {
        customerUsd: await open('USD'),
        customerEur: await open('EUR'),
        clearingUsd: await houseAccount(db, 'clearing:test', 'USD'),
      }
    })
    afterAll(async () => {
      await database?.close()
    })

    const rowCounts = async () => {
      const [transfers] = await database.db.select({ n: count() }).from(ledgerTransfers)
      const [postings] = await database.db.select({ n: count() }).from(ledgerPostings)
      return { transfers: transfers?.n, postings: postings?.n }
    }
    const balanceOf = async (accountId: number) =>
      (await balancesOf(database.db, [accountId])).get(accountId)?.balanceMinor
    const expectEveryCurrencyToSumToZero = async () => {
      const rows = await database.db
        .select({
          currencyCode: ledgerPostings.currencyCode,
          total: sql<string>`sum(${ledgerPostings.amountMinor})::text`,
          postings: count(),
        })
        .from(ledgerPostings)
        .groupBy(ledgerPostings.currencyCode)
      expect(rows.map((row) => row.currencyCode)).toEqual(expect.arrayContaining(['EUR', 'USD']))
      for (const row of rows) {
        expect(row.postings, row.currencyCode).toBeGreaterThan(0)
        expect(row.total, row.currencyCode).toBe('0')
      }
    }

    it('runs on the database it is named after', () => {
      expect(database.kind).toBe(target.kind)
    })

    it('holds postings that sum to zero per currency after seeding', async () => {
      await expectEveryCurrencyToSumToZero()
    })

    it.each(refusals)('refuses %s and writes nothing', async (name, { given }) => {
      const before = await rowCounts()
      const key = `refused:${name}`
      await expect(
        postTransfer(database.db, { idempotencyKey: key, kind: 'test', postings: given(accounts) }),
      ).rejects.toThrow(LedgerInvariantError)
      expect(await rowCounts()).toEqual(before)
      // The key was not used up: nothing of the refused attempt survived.
      const [transfer] = await database.db
        .select()
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.idempotencyKey, key))
      expect(transfer).toBeUndefined()
    })

    it('moves money once for the same idempotency key used twice', async () => {
      const before = await balanceOf(accounts.customerUsd)
      const input = { idempotencyKey: 'twice', kind: 'test', postings: moveUsd(accounts, 1_500n) }
      const first = await postTransfer(database.db, input)
      const counts = await rowCounts()
      const second = await postTransfer(database.db, input)
      expect(first.outcome).toBe('created')
      expect(second).toEqual({
        outcome: 'replayed',
        transferId: first.outcome === 'created' ? first.transferId : -1n,
      })
      expect(await rowCounts()).toEqual(counts)
      expect(await balanceOf(accounts.customerUsd)).toBe((before ?? 0n) + 1_500n)
    })

    it('creates one transfer when the same key arrives from many clients at once', async () => {
      const before = await balanceOf(accounts.customerUsd)
      const input = { idempotencyKey: 'racing', kind: 'test', postings: moveUsd(accounts, 700n) }
      const results = await Promise.all(
        Array.from({ length: 8 }, () => postTransfer(database.db, input)),
      )
      const outcomes = results.map((result) => result.outcome).sort()
      expect(outcomes).toEqual(['created', ...Array<string>(7).fill('replayed')])
      expect(await balanceOf(accounts.customerUsd)).toBe((before ?? 0n) + 700n)
    })

    it.each(conflicts)(
      'refuses the same key with %s as an idempotency conflict',
      async (name, { given, status }) => {
        const key = `conflict:${name}`
        const created = await postTransfer(database.db, {
          idempotencyKey: key,
          kind: 'test',
          postings: moveUsd(accounts, 2_000n),
        })
        expect(created.outcome).toBe('created')
        const before = await balanceOf(accounts.customerUsd)
        const counts = await rowCounts()
        const retry = await postTransfer(database.db, {
          idempotencyKey: key,
          kind: 'test',
          postings: given(accounts),
          ...(status ? { status } : {}),
        })
        expect(retry).toEqual({ outcome: 'idempotency-conflict' })
        expect(await rowCounts()).toEqual(counts)
        expect(await balanceOf(accounts.customerUsd)).toBe(before)
      },
    )

    it('still sums to zero per currency after the transfers above', async () => {
      await expectEveryCurrencyToSumToZero()
    })
  })
}
