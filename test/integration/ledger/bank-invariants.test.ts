// A bank test in the style of Jepsen's: many clients move random amounts between a set of
// accounts (one of them hot, in half the transfers), some as holds that are later posted or
// voided, while readers keep summing every balance. The total never changes, no balance goes
// below its minimum, every balance row equals the sum of its account's postings, and every
// currency's postings sum to zero. Fifty concurrent requests with one idempotency key post
// exactly once. Card loads and card fees (issue 17) keep the same books: concurrent loads to a
// card, each key retried, move money once per key, and fees reach the fee income account.
// Runs on PGlite and on PostgreSQL (20 pooled connections).
import { and, count, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customers } from '../../../src/server/db/schema.ts'
import {
  ledgerPostings,
  ledgerTransfers,
  ledgerBalances,
} from '../../../src/server/db/schema-ledger.ts'
import { houseAccount, openCustomerAccount } from '../../../src/server/ledger/house-accounts.ts'
import { postTransfer, type TransferResult } from '../../../src/server/ledger/post-transfer.ts'
import { settleHold } from '../../../src/server/ledger/settle-hold.ts'
import { AccountStatus, AccountType } from '../../../src/generated/constants.ts'
import { openCardAccount } from '../../../src/server/ledger/card-accounts.ts'
import { moveCardMoney, type CardMoney } from '../../../src/server/cards/card-fees.ts'
import type { Db } from '../../../src/server/db/open-database.ts'
import { databaseTargets, openTestDatabase, type TestDatabase } from '../server-harness.ts'

const accountCount = 8
const openingMinor = 2_000n
const clients = 20
const transfersPerClient = 40
const readers = 4

/** A small deterministic generator, so a failing run can be repeated with its seed. */
function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let database: TestDatabase
    let db: Db
    let accounts: number[]
    let clearing: number
    beforeAll(async () => {
      database = await openTestDatabase(target)
      db = database.db
      const [customer] = await db
        .insert(customers)
        .values({ customerType: 0, email: 'bank-test@nova.example' })
        .returning({ id: customers.id })
      clearing = await houseAccount(db, 'clearing:bank-test', 'USD')
      accounts = []
      for (let i = 0; i < accountCount; i++) {
        const id = await openCustomerAccount(db, {
          customerId: customer!.id,
          currencyCode: 'USD',
          type: AccountType.Payment,
        })
        accounts.push(id)
        await postTransfer(db, {
          idempotencyKey: `bank-opening-${id}`,
          kind: 'test',
          postings: [
            { accountId: clearing, currencyCode: 'USD', amountMinor: -openingMinor },
            { accountId: id, currencyCode: 'USD', amountMinor: openingMinor },
          ],
        })
      }
    }, 60_000)
    afterAll(async () => {
      await database?.close()
    })

    const total = async () => (await snapshot()).sum
    /** One statement, so one consistent view: the total and the lowest available balance. */
    const snapshot = async () => {
      const [row] = await db
        .select({
          sum: sql<string>`sum(${ledgerBalances.postedMinor})::text`,
          lowest: sql<string>`min(${ledgerBalances.postedMinor} + ${ledgerBalances.pendingDebitMinor})::text`,
        })
        .from(ledgerBalances)
        .where(inArray(ledgerBalances.accountId, accounts))
      return { sum: BigInt(row?.sum ?? '0'), lowest: BigInt(row?.lowest ?? '0') }
    }

    it('keeps the total, the minimums and the postings under concurrent transfers', async () => {
      const expected = openingMinor * BigInt(accountCount)
      expect(await total()).toBe(expected)
      const outcomes = new Map<string, number>()
      const note = (result: TransferResult | { outcome: string }) =>
        outcomes.set(result.outcome, (outcomes.get(result.outcome) ?? 0) + 1)
      let writing = true
      const hot = accounts[0]!
      const writer = async (client: number) => {
        const next = random(client + 1)
        for (let i = 0; i < transfersPerClient; i++) {
          const pick = () => accounts[Math.floor(next() * accountCount)]!
          const from = next() < 0.5 ? hot : pick()
          let to = next() < 0.5 && from !== hot ? hot : pick()
          if (to === from) to = accounts[(accounts.indexOf(from) + 1) % accountCount]!
          const amountMinor = BigInt(1 + Math.floor(next() * 1_500))
          const hold = next() < 0.25
          const result = await postTransfer(db, {
            idempotencyKey: `bank-${client}-${i}`,
            kind: 'test',
            status: hold ? 'pending' : 'posted',
            postings: [
              { accountId: from, currencyCode: 'USD', amountMinor: -amountMinor },
              { accountId: to, currencyCode: 'USD', amountMinor },
            ],
          })
          note(result)
          if (hold && result.outcome === 'created') {
            const settled = await db.transaction((tx) =>
              settleHold(
                tx as unknown as Db,
                result.transferId,
                next() < 0.5 ? 'posted' : 'voided',
              ),
            )
            note({ outcome: `hold-${settled.outcome}` })
          }
        }
      }
      const reads: bigint[] = []
      const lows: bigint[] = []
      const reader = async () => {
        while (writing) {
          const seen = await snapshot()
          reads.push(seen.sum)
          lows.push(seen.lowest)
        }
      }
      const readerRuns = Array.from({ length: readers }, () => reader())
      await Promise.all(Array.from({ length: clients }, (_, c) => writer(c)))
      writing = false
      await Promise.all(readerRuns)

      expect(reads.length).toBeGreaterThan(0)
      expect(reads.filter((sum) => sum !== expected)).toEqual([])
      expect(lows.filter((lowest) => lowest < 0n)).toEqual([])
      expect(await total()).toBe(expected)
      // Both sides happened: money moved, and some transfers were refused for lack of funds.
      expect(outcomes.get('created') ?? 0).toBeGreaterThan(clients * transfersPerClient * 0.3)
      expect(outcomes.get('insufficient-funds') ?? 0).toBeGreaterThan(0)

      const rows = await db.execute<{
        account_id: number
        posted: string
        by_postings: string
        pending_debit: string
        holds: string
      }>(sql`
        select b.account_id, b.posted_minor::text as posted, b.pending_debit_minor::text as pending_debit,
          coalesce((select sum(p.amount_minor) from ledger_postings p join ledger_transfers t on t.id = p.transfer_id
            where p.account_id = b.account_id and t.status = 'posted'), 0)::text as by_postings,
          coalesce((select sum(p.amount_minor) from ledger_postings p join ledger_transfers t on t.id = p.transfer_id
            where p.account_id = b.account_id and t.status = 'pending' and p.amount_minor < 0), 0)::text as holds
        from ledger_balances b
        where b.account_id in (${sql.join(
          accounts.map((id) => sql`${id}`),
          sql`, `,
        )})`)
      const list = (
        rows as unknown as {
          rows: {
            account_id: number
            posted: string
            by_postings: string
            pending_debit: string
            holds: string
          }[]
        }
      ).rows
      expect(list).toHaveLength(accountCount)
      for (const row of list) {
        expect(row.posted, `account ${row.account_id}`).toBe(row.by_postings)
        expect(row.pending_debit, `account ${row.account_id}`).toBe(row.holds)
        expect(
          BigInt(row.posted) + BigInt(row.pending_debit),
          `account ${row.account_id}`,
        ).toBeGreaterThanOrEqual(0n)
      }
      const unbalanced = await db
        .select({ currencyCode: ledgerPostings.currencyCode })
        .from(ledgerPostings)
        .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerPostings.transferId))
        .groupBy(ledgerPostings.currencyCode, ledgerTransfers.status)
        .having(sql`sum(${ledgerPostings.amountMinor}) <> 0`)
      expect(unbalanced).toEqual([])
    }, 120_000)

    it('posts once for fifty concurrent requests with one idempotency key', async () => {
      const [from, to] = [accounts[1]!, accounts[2]!]
      const before = await total()
      const input = {
        idempotencyKey: 'bank-one-key',
        kind: 'test',
        postings: [
          { accountId: from, currencyCode: 'USD', amountMinor: -7n },
          { accountId: to, currencyCode: 'USD', amountMinor: 7n },
        ],
      }
      const [fromBefore] = await db
        .select()
        .from(ledgerBalances)
        .where(eq(ledgerBalances.accountId, from))
      const results = await Promise.all(Array.from({ length: 50 }, () => postTransfer(db, input)))
      const ids = new Set(results.map((r) => ('transferId' in r ? r.transferId : r.outcome)))
      expect(ids.size).toBe(1)
      expect(results.filter((r) => r.outcome === 'created')).toHaveLength(1)
      expect(results.filter((r) => r.outcome === 'replayed')).toHaveLength(49)
      const [rows] = await db
        .select({ n: count() })
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.idempotencyKey, 'bank-one-key'))
      expect(rows?.n).toBe(1)
      const [fromAfter] = await db
        .select()
        .from(ledgerBalances)
        .where(eq(ledgerBalances.accountId, from))
      expect(fromAfter!.postedMinor).toBe(fromBefore!.postedMinor - 7n)
      expect(await total()).toBe(before)
    })

    it('keeps the books through concurrent card loads and fees, each key moving money once', async () => {
      const before = await total()
      const [owner] = await db
        .select({ customerId: customers.id })
        .from(customers)
        .where(eq(customers.email, 'bank-test@nova.example'))
      const card = await openCardAccount(db, {
        customerId: owner!.customerId,
        currencyCode: 'USD',
        type: 2010,
        subType: 'PREPAID',
        settlementAccountId: accounts[3]!,
        cardIsVirtual: false,
        statusId: AccountStatus.Active,
        cardExpiryMonth: 1,
        cardExpiryYear: 2030,
      })
      const feeIncome = await houseAccount(db, 'fee_income', 'USD')
      const postedOn = async (accountId: number) => {
        const [row] = await db
          .select({ sum: sql<string>`coalesce(sum(${ledgerPostings.amountMinor}), 0)::text` })
          .from(ledgerPostings)
          .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerPostings.transferId))
          .where(and(eq(ledgerPostings.accountId, accountId), eq(ledgerTransfers.status, 'posted')))
        return BigInt(row?.sum ?? '0')
      }
      const feesBefore = await postedOn(feeIncome)
      const moved: [string, bigint][] = []
      const move = async (money: CardMoney) => {
        try {
          const result = await db.transaction((tx) => moveCardMoney(tx as unknown as Db, money))
          if (result.outcome === 'created') moved.push([money.idempotencyKey, money.amountMinor])
        } catch {
          // Refused (not enough money): nothing was written.
        }
      }
      const client = async (c: number) => {
        const next = random(100 + c)
        for (let i = 0; i < 12; i++) {
          const from = accounts[Math.floor(next() * accountCount)]!
          const amountMinor = BigInt(1 + (c % 7) * 10 + (i % 3))
          const base = { currencyCode: 'USD', fromAccountId: from, fromField: 'fromAccountId' }
          // Every load key is sent three times (i, i + 1, i + 2 share it): one moves money.
          const loadKey = `card-load-${c}-${Math.floor(i / 3)}`
          await move({
            ...base,
            idempotencyKey: loadKey,
            kind: 'card_load',
            words: 'cardLoad',
            toAccountId: card,
            amountMinor: 50n + BigInt(c),
            fromAccountId: accounts[c % accountCount]!,
          })
          await move({
            ...base,
            idempotencyKey: `card-fee-${c}-${i}`,
            kind: 'card_fee',
            words: 'cardIssueFee',
            amountMinor,
          })
        }
      }
      await Promise.all(Array.from({ length: clients }, (_, c) => client(c)))
      const loads = moved.filter(([key]) => key.startsWith('card-load-'))
      const fees = moved.filter(([key]) => key.startsWith('card-fee-'))
      // Some loads find their account empty after the test before; none is created twice.
      expect(loads.length).toBeGreaterThan(clients)
      expect(new Set(loads.map(([key]) => key)).size).toBe(loads.length)
      const [stored] = await db
        .select({ n: count() })
        .from(ledgerTransfers)
        .where(sql`${ledgerTransfers.idempotencyKey} like 'card-load-%'`)
      expect(stored?.n).toBe(loads.length)
      const loaded = loads.reduce((sum, [, minor]) => sum + minor, 0n)
      const feesTaken = fees.reduce((sum, [, minor]) => sum + minor, 0n)
      expect(await postedOn(card)).toBe(loaded)
      expect((await postedOn(feeIncome)) - feesBefore).toBe(feesTaken)
      const [cardRow] = await db
        .select()
        .from(ledgerBalances)
        .where(eq(ledgerBalances.accountId, card))
      expect(cardRow!.postedMinor).toBe(loaded)
      // What left the customer accounts is on the card or in fee income, nowhere else.
      expect(before - (await total())).toBe(loaded + feesTaken)
      expect((await snapshot()).lowest).toBeGreaterThanOrEqual(0n)
      const unbalanced = await db
        .select({ transferId: ledgerPostings.transferId })
        .from(ledgerPostings)
        .groupBy(ledgerPostings.transferId)
        .having(sql`sum(${ledgerPostings.amountMinor}) <> 0`)
      expect(unbalanced).toEqual([])
    }, 120_000)
  })
}
