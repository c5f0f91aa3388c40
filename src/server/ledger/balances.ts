// Balances are derived from postings (DESIGN.md section 6): customer accounts read the
// balance row the ledger keeps with its postings; house accounts, which keep none, sum their
// postings. The posted sum is the balance, the pending sums are what holds will move.
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import {
  ledgerAccounts,
  ledgerPostings,
  ledgerTransfers,
  ledgerBalances,
} from '../db/schema-ledger.ts'

export interface AccountBalance {
  accountId: number
  balanceMinor: bigint
  /** All pending postings: holds out (negative) plus money on its way in (positive). */
  pendingMinor: bigint
  /** Only the holds on the way out (<= 0): what the available balance subtracts. */
  pendingDebitMinor: bigint
}

export async function balancesOf(
  db: Db,
  accountIds: number[],
): Promise<Map<number, AccountBalance>> {
  const result = new Map<number, AccountBalance>()
  for (const accountId of accountIds)
    result.set(accountId, { accountId, balanceMinor: 0n, pendingMinor: 0n, pendingDebitMinor: 0n })
  if (accountIds.length === 0) return result
  const cached = await preparedFor(db, prepareBalances).execute({ accountIds })
  for (const row of cached) {
    result.set(row.accountId, {
      accountId: row.accountId,
      balanceMinor: row.postedMinor,
      pendingMinor: row.pendingDebitMinor + row.pendingCreditMinor,
      pendingDebitMinor: row.pendingDebitMinor,
    })
  }
  const rest = accountIds.filter((id) => !cached.some((row) => row.accountId === id))
  if (rest.length > 0) await sumPostings(db, rest, result)
  return result
}

async function sumPostings(
  db: Db,
  accountIds: number[],
  result: Map<number, AccountBalance>,
): Promise<void> {
  const rows = await db
    .select({
      accountId: ledgerPostings.accountId,
      status: ledgerTransfers.status,
      total: sql<string>`sum(${ledgerPostings.amountMinor})::text`,
      debits: sql<string>`coalesce(sum(${ledgerPostings.amountMinor}) filter (where ${ledgerPostings.amountMinor} < 0), 0)::text`,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerPostings.transferId))
    .where(
      and(
        inArray(ledgerPostings.accountId, accountIds),
        inArray(ledgerTransfers.status, ['posted', 'pending']),
      ),
    )
    .groupBy(ledgerPostings.accountId, ledgerTransfers.status)
  for (const row of rows) {
    const balance = result.get(row.accountId)
    if (!balance) continue
    if (row.status === 'posted') balance.balanceMinor = BigInt(row.total)
    else {
      balance.pendingMinor = BigInt(row.total)
      balance.pendingDebitMinor = BigInt(row.debits)
    }
  }
}

/** The customer's own accounts, payment accounts first, then by id. */
export async function customerAccounts(db: Db, customerId: number) {
  return preparedFor(db, prepareCustomerAccounts).execute({ customerId })
}

/**
 * The customer's own accounts with their balances, in one round trip: balanceInquiry, the
 * read of nearly every signed-in page (issue 15's budget of 5,000 a second).
 */
export async function customerAccountsWithBalances(db: Db, customerId: number) {
  const rows = await preparedFor(db, prepareAccountsWithBalances).execute({ customerId })
  const balances = new Map<number, AccountBalance>()
  const unkept: number[] = []
  for (const { account, kept } of rows) {
    if (!kept) unkept.push(account.id)
    balances.set(account.id, {
      accountId: account.id,
      balanceMinor: kept?.postedMinor ?? 0n,
      pendingMinor: kept ? kept.pendingDebitMinor + kept.pendingCreditMinor : 0n,
      pendingDebitMinor: kept?.pendingDebitMinor ?? 0n,
    })
  }
  if (unkept.length > 0) await sumPostings(db, unkept, balances)
  return { accounts: rows.map((row) => row.account), balances }
}

// The reads below run on nearly every signed-in page, balanceInquiry first: prepared once per
// database handle, so neither Drizzle nor PostgreSQL builds and plans them per call.
const prepareCustomerAccounts = (db: Db) =>
  db
    .select()
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.customerId, sql.placeholder('customerId')))
    .orderBy(ledgerAccounts.type, ledgerAccounts.id)
    .prepare('ledger_customer_accounts')

const prepareAccountsWithBalances = (db: Db) =>
  db
    .select({ account: ledgerAccounts, kept: ledgerBalances })
    .from(ledgerAccounts)
    .leftJoin(ledgerBalances, eq(ledgerBalances.accountId, ledgerAccounts.id))
    .where(eq(ledgerAccounts.customerId, sql.placeholder('customerId')))
    .orderBy(ledgerAccounts.type, ledgerAccounts.id)
    .prepare('ledger_customer_accounts_with_balances')

const prepareBalances = (db: Db) =>
  db
    .select()
    .from(ledgerBalances)
    .where(sql`${ledgerBalances.accountId} = any(${sql.placeholder('accountIds')})`)
    .prepare('ledger_balances_of')

const prepared = new WeakMap<object, WeakMap<Db, unknown>>()

/** The statement made by prepare for this handle (a transaction has its own). */
function preparedFor<T>(db: Db, prepare: (db: Db) => T): T {
  let byDb = prepared.get(prepare)
  if (!byDb) {
    byDb = new WeakMap()
    prepared.set(prepare, byDb)
  }
  let statement = byDb.get(db) as T | undefined
  if (!statement) {
    statement = prepare(db)
    byDb.set(db, statement)
  }
  return statement
}
