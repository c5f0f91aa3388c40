// The balance rows of customer accounts (ledger_balances): locked before a transfer checks
// funds, moved by exactly the postings it writes. A row missing for an account opened before
// the table existed is built once from the account's postings.
import { and, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { ledgerAccounts, ledgerBalances } from '../db/schema-ledger.ts'

export interface BalanceRow {
  accountId: number
  postedMinor: bigint
  pendingDebitMinor: bigint
  pendingCreditMinor: bigint
}

export type BalanceDelta = BalanceRow

/** Locks the rows FOR UPDATE in the order given (callers sort by id to avoid deadlocks). */
export async function lockBalances(tx: Db, accountIds: number[]): Promise<Map<number, BalanceRow>> {
  if (accountIds.length === 0) return new Map()
  const select = () =>
    tx
      .select()
      .from(ledgerBalances)
      .where(inArray(ledgerBalances.accountId, accountIds))
      .orderBy(ledgerBalances.accountId)
      .for('update')
  let rows = await select()
  if (rows.length < accountIds.length) {
    await backfillBalanceRows(tx, accountIds)
    rows = await select()
  }
  return new Map(rows.map((row) => [row.accountId, row]))
}

/** Builds the rows of customer accounts that have none, from their postings. */
export async function backfillBalanceRows(tx: Db, accountIds: number[]): Promise<void> {
  await tx.execute(sql`
    insert into ledger_balances (account_id, posted_minor, pending_debit_minor, pending_credit_minor)
    select a.id,
      coalesce(sum(p.amount_minor) filter (where t.status = 'posted'), 0),
      coalesce(sum(p.amount_minor) filter (where t.status = 'pending' and p.amount_minor < 0), 0),
      coalesce(sum(p.amount_minor) filter (where t.status = 'pending' and p.amount_minor > 0), 0)
    from ledger_accounts a
    left join ledger_postings p on p.account_id = a.id
    left join ledger_transfers t on t.id = p.transfer_id
    where a.id in (${sql.join(
      accountIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and a.customer_id is not null
    group by a.id
    on conflict (account_id) do nothing`)
}

/** Adds the deltas to rows the caller has locked, in one statement; asserts every row exists. */
export async function applyBalanceDeltas(tx: Db, deltas: BalanceDelta[]): Promise<void> {
  if (deltas.length === 0) return
  const values = sql.join(
    deltas.map(
      (d) =>
        sql`(${d.accountId}::integer, ${d.postedMinor}::bigint, ${d.pendingDebitMinor}::bigint, ${d.pendingCreditMinor}::bigint)`,
    ),
    sql`, `,
  )
  const result = await tx.execute(sql`
    update ledger_balances b set
      posted_minor = b.posted_minor + v.posted,
      pending_debit_minor = b.pending_debit_minor + v.pending_debit,
      pending_credit_minor = b.pending_credit_minor + v.pending_credit
    from (values ${values}) as v(account_id, posted, pending_debit, pending_credit)
    where b.account_id = v.account_id
    returning b.account_id`)
  // node-postgres and PGlite both answer a raw statement with { rows }.
  const rows = (result as unknown as { rows: unknown[] }).rows
  if (rows.length !== deltas.length) {
    throw new Error(`assertion: ${deltas.length} accounts have balance rows, ${rows.length} found`)
  }
}

/** Customer account ids among the given ones (house accounts keep no balance row). */
export async function customerAccountIds(tx: Db, accountIds: number[]): Promise<number[]> {
  if (accountIds.length === 0) return []
  const rows = await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(inArray(ledgerAccounts.id, accountIds), isNotNull(ledgerAccounts.customerId)))
  return rows.map((row) => row.id).sort((a, b) => a - b)
}
