// Many transfers in one call of the ledger (ledger_post_batch, migration 0023): each is judged
// on its own, in order, so a refused one leaves nothing and the others still post; keys used
// before replay or conflict inside a batch; a key raced by two transactions at once posts
// once; ids follow the order of the batch. Runs on PGlite and on PostgreSQL.
import { count, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customers } from '../../../src/server/db/schema.ts'
import { ledgerPostings, ledgerTransfers } from '../../../src/server/db/schema-ledger.ts'
import { balancesOf } from '../../../src/server/ledger/balances.ts'
import { houseAccount, openCustomerAccount } from '../../../src/server/ledger/house-accounts.ts'
import {
  postTransferAlone,
  postTransfers,
  type TransferInput,
} from '../../../src/server/ledger/post-transfer.ts'
import { AccountType } from '../../../src/generated/constants.ts'
import type { Db } from '../../../src/server/db/open-database.ts'
import { databaseTargets, openTestDatabase, type TestDatabase } from '../server-harness.ts'

const move = (key: string, from: number, to: number, amountMinor: bigint): TransferInput => ({
  idempotencyKey: key,
  kind: 'test',
  postings: [
    { accountId: from, currencyCode: 'USD', amountMinor: -amountMinor },
    { accountId: to, currencyCode: 'USD', amountMinor },
  ],
})

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let database: TestDatabase
    let db: Db
    let clearing: number
    let customerId: number
    beforeAll(async () => {
      database = await openTestDatabase(target)
      db = database.db
      const [customer] = await db
        .insert(customers)
        .values({ customerType: 0, email: 'batch-test@nova.example' })
        .returning({ id: customers.id })
      customerId = customer!.id
      clearing = await houseAccount(db, 'clearing:batch-test', 'USD')
    })
    afterAll(async () => {
      await database?.close()
    })

    /** A new USD account holding openingMinor (moved from the clearing account). */
    const funded = async (name: string, openingMinor: bigint) => {
      const id = await openCustomerAccount(db, {
        customerId,
        currencyCode: 'USD',
        type: AccountType.Payment,
      })
      if (openingMinor === 0n) return id
      const [opening] = await postTransfers(db, [move(`open-${name}`, clearing, id, openingMinor)])
      expect(opening?.outcome).toBe('created')
      return id
    }
    const balanceOf = async (id: number) => (await balancesOf(db, [id])).get(id)?.balanceMinor
    const rowsOf = async (keys: string[]) => {
      const transfers = await db
        .select({ id: ledgerTransfers.id })
        .from(ledgerTransfers)
        .where(inArray(ledgerTransfers.idempotencyKey, keys))
      const ids = transfers.map((t) => t.id)
      const [postings] = ids.length
        ? await db
            .select({ n: count() })
            .from(ledgerPostings)
            .where(inArray(ledgerPostings.transferId, ids))
        : [{ n: 0 }]
      return { transfers: transfers.length, postings: postings?.n }
    }

    it('posts the others when one transfer of the batch would overdraw, in order', async () => {
      const payer = await funded('order-payer', 1_000n)
      const payee = await funded('order-payee', 0n)
      const results = await postTransfers(db, [
        move('order-1', payer, payee, 600n),
        move('order-2', payer, payee, 600n),
        move('order-3', payer, payee, 400n),
      ])
      expect(results.map((r) => r.outcome)).toEqual(['created', 'insufficient-funds', 'created'])
      expect(results[1]).toEqual({ outcome: 'insufficient-funds', accountId: payer })
      expect(await balanceOf(payer)).toBe(0n)
      expect(await balanceOf(payee)).toBe(1_000n)
      expect(await rowsOf(['order-2'])).toEqual({ transfers: 0, postings: 0 })
      expect(await rowsOf(['order-1', 'order-3'])).toEqual({ transfers: 2, postings: 4 })
    })

    it('leaves the key of a refused transfer unused, so a later try with funds posts', async () => {
      const payer = await funded('retry-payer', 100n)
      const payee = await funded('retry-payee', 0n)
      const [refused] = await postTransfers(db, [move('retry-1', payer, payee, 150n)])
      expect(refused?.outcome).toBe('insufficient-funds')
      await postTransfers(db, [move('retry-top-up', clearing, payer, 100n)])
      const [posted] = await postTransfers(db, [move('retry-1', payer, payee, 150n)])
      expect(posted?.outcome).toBe('created')
      expect(await balanceOf(payee)).toBe(150n)
    })

    it('replays a key used before and refuses one used for another request, beside new ones', async () => {
      const payer = await funded('replay-payer', 10_000n)
      const payee = await funded('replay-payee', 0n)
      const [first, other] = await postTransfers(db, [
        move('replay-1', payer, payee, 100n),
        move('replay-0', payer, payee, 50n),
      ])
      const results = await postTransfers(db, [
        move('replay-2', payer, payee, 200n),
        move('replay-1', payer, payee, 100n),
        move('replay-0', payer, payee, 999n),
      ])
      expect(first?.outcome).toBe('created')
      expect(other?.outcome).toBe('created')
      expect(results[0]?.outcome).toBe('created')
      expect(results[1]).toEqual({
        outcome: 'replayed',
        transferId: first && 'transferId' in first ? first.transferId : -1n,
      })
      expect(results[2]).toEqual({ outcome: 'idempotency-conflict' })
      expect(await balanceOf(payee)).toBe(350n)
    })

    it('gives the transfers of a batch ids in the order of the batch', async () => {
      const payer = await funded('ids-payer', 10_000n)
      const payee = await funded('ids-payee', 0n)
      // Keys that sort the other way round from the batch's order.
      const keys = ['ids-z', 'ids-m', 'ids-a']
      const results = await postTransfers(
        db,
        keys.map((key) => move(key, payer, payee, 10n)),
      )
      const ids = results.map((r) => ('transferId' in r ? r.transferId : -1n))
      expect([...ids].sort((a, b) => (a < b ? -1 : 1))).toEqual(ids)
      const [stored] = await db
        .select({ id: ledgerTransfers.id })
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.idempotencyKey, 'ids-a'))
      expect(stored?.id).toBe(ids[2])
    })

    it('posts once when two transactions race one key without a group commit', async () => {
      const payer = await funded('race-payer', 10_000n)
      const payee = await funded('race-payee', 0n)
      const input = move('race-1', payer, payee, 70n)
      const results = await Promise.all(
        Array.from({ length: 6 }, () => postTransferAlone(db, input)),
      )
      expect(results.map((r) => r.outcome).sort()).toEqual([
        'created',
        ...Array<string>(5).fill('replayed'),
      ])
      expect(new Set(results.map((r) => ('transferId' in r ? r.transferId : -1n))).size).toBe(1)
      expect(await balanceOf(payee)).toBe(70n)
      expect(await rowsOf(['race-1'])).toEqual({ transfers: 1, postings: 2 })
    })
  })
}
