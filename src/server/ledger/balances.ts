// Balances are derived from postings: the posted sum is the balance, the pending sum is
// what holds will move (DESIGN.md section 6).
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { ledgerAccounts, ledgerPostings, ledgerTransfers } from '../db/schema.ts'

export interface AccountBalance {
  accountId: number
  balanceMinor: bigint
  pendingMinor: bigint
}

export async function balancesOf(
  db: Db,
  accountIds: number[],
): Promise<Map<number, AccountBalance>> {
  const result = new Map<number, AccountBalance>()
  for (const accountId of accountIds)
    result.set(accountId, { accountId, balanceMinor: 0n, pendingMinor: 0n })
  if (accountIds.length === 0) return result
  const rows = await db
    .select({
      accountId: ledgerPostings.accountId,
      status: ledgerTransfers.status,
      total: sql<string>`sum(${ledgerPostings.amountMinor})::text`,
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
    else balance.pendingMinor = BigInt(row.total)
  }
  return result
}

/** The customer's own accounts, payment accounts first, then by id. */
export async function customerAccounts(db: Db, customerId: number) {
  return db
    .select()
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.customerId, customerId))
    .orderBy(ledgerAccounts.type, ledgerAccounts.id)
}
