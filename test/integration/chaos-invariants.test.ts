// The checks of npm run chaos (scripts/chaos/invariants.ts) find what they are for: a seeded
// database passes, and each kind of damage a crash could leave is counted under its name.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  endViolations,
  ledgerViolations,
  railJobKind,
  totals,
  type Query,
} from '../../scripts/chaos/invariants.ts'
import { databaseTargets, openTestDatabase, type TestDatabase } from './server-harness.ts'

const pglite = databaseTargets().find((target) => target.kind === 'pglite')!

describe('chaos invariants', () => {
  let database: TestDatabase
  let query: Query
  let baseline: Record<string, string>
  beforeAll(async () => {
    database = await openTestDatabase(pglite)
    query = async (text) => {
      const result = await database.db.execute(sql.raw(text))
      return (result as unknown as { rows: Record<string, unknown>[] }).rows
    }
    baseline = await totals(query)
  })
  afterAll(async () => {
    await database?.close()
  })
  const one = async (text: string) => (await query(text))[0]!

  it('finds nothing wrong in the seeded database', async () => {
    expect(Object.values(baseline).every((total) => total === '0')).toBe(true)
    expect(await ledgerViolations(query, baseline)).toEqual({
      totalChanged: 0,
      negativeBalance: 0,
      balanceDiffersFromPostings: 0,
      halfPosted: 0,
    })
    expect(await endViolations(query, [])).toEqual({
      answerNotStored: 0,
      jobLost: 0,
      jobDoneTwice: 0,
      invoicePaidTwice: 0,
    })
  })

  it('counts an answered order that is not stored under its key', async () => {
    const order = await one(`select id from transfer_orders order by id limit 1`)
    const found = await endViolations(query, [{ id: Number(order.id), key: 'chaos-unknown' }])
    expect(found.answerNotStored).toBe(1)
  })

  it('counts a rail job given up, a pending chaos order and an outcome told twice', async () => {
    await query(`insert into jobs (kind, payload, attempts, max_attempts)
                 values ('${railJobKind}', '{"orderId": 1}', 8, 8)`)
    const told = await one(`select recipient, subject, body, channel from outbox_messages
                             where subject = 'Your transfer was paid out' limit 1`)
    await query(`insert into outbox_messages (channel, recipient, subject, body)
                 values ('${String(told.channel)}', '${String(told.recipient)}',
                         '${String(told.subject)}', '${String(told.body)}')`)
    await query(`update transfer_orders set idempotency_key = 'chaos-' || idempotency_key
                  where id = (select min(id) from transfer_orders where status = 'settled')`)
    await query(`update transfer_orders set status = 'pending'
                  where idempotency_key like 'chaos-%'`)
    const found = await endViolations(query, [])
    expect(found).toEqual({ answerNotStored: 0, jobLost: 2, jobDoneTwice: 1, invoicePaidTwice: 0 })
    // The order pending with a posted ledger transfer is half-posted too.
    expect((await ledgerViolations(query, baseline)).halfPosted).toBe(1)
  })

  it('counts an invoice marked paid with no completed order', async () => {
    await query(`update invoices set status_id = 3 where id = (select min(id) from invoices)`)
    expect((await endViolations(query, [])).invoicePaidTwice).toBe(1)
    await query(`update invoices set status_id = 1 where id = (select min(id) from invoices)`)
  })

  it('counts a balance apart from its postings, money made and an unbalanced transfer', async () => {
    const posting = await one(`select p.id, p.account_id from ledger_postings p
      join ledger_balances b on b.account_id = p.account_id
      join ledger_transfers t on t.id = p.transfer_id and t.status = 'posted'
     order by p.id limit 1`)
    await query(
      `update ledger_postings set amount_minor = amount_minor + 1 where id = ${String(posting.id)}`,
    )
    const found = await ledgerViolations(query, baseline)
    expect(found.totalChanged).toBe(1)
    expect(found.balanceDiffersFromPostings).toBe(1)
    expect(found.halfPosted).toBe(2)
    await query(`update ledger_balances set posted_minor = -1000000000
                  where account_id = ${String(posting.account_id)}`)
    expect((await ledgerViolations(query, baseline)).negativeBalance).toBe(1)
  })

  it('counts a mass batch of the run with lines missing', async () => {
    const before = (await ledgerViolations(query, baseline)).halfPosted
    await query(`update mass_batches set idempotency_key = 'chaos-batch-without-lines'
                  where id = (select min(id) from mass_batches where row_count > 0)`)
    expect((await ledgerViolations(query, baseline)).halfPosted).toBe(before + 1)
  })
})
