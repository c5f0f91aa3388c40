// Reading ledger accounts for the other areas: they ask the ledger instead of importing its
// tables (eslint.config.js keeps db/schema-ledger.ts inside src/server/ledger/), so every
// query on money-bearing rows is here or beside the writes that keep them consistent.
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { ledgerAccounts } from '../db/schema-ledger.ts'
import { AccountType } from '../../generated/constants.ts'

export type LedgerAccount = typeof ledgerAccounts.$inferSelect

/**
 * The account when it belongs to the customer (an account of another customer reads exactly
 * like one that does not exist); `lock` holds its row until the transaction ends.
 */
export async function accountOfCustomer(
  db: Db,
  customerId: number,
  accountId: number,
  lock = false,
): Promise<LedgerAccount | undefined> {
  const query = db
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.id, accountId), eq(ledgerAccounts.customerId, customerId)))
  const [row] = lock ? await query.for('update') : await query
  return row
}

export async function accountById(db: Db, accountId: number): Promise<LedgerAccount | undefined> {
  const [row] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, accountId))
  return row
}

/** The payment accounts (any status) of the customers in the currency, oldest first. */
export async function paymentAccountsIn(
  db: Db,
  customerIds: number[],
  currencyCode: string,
): Promise<LedgerAccount[]> {
  if (customerIds.length === 0) return []
  return db
    .select()
    .from(ledgerAccounts)
    .where(
      and(
        inArray(ledgerAccounts.customerId, customerIds),
        eq(ledgerAccounts.type, AccountType.Payment),
        eq(ledgerAccounts.currencyCode, currencyCode),
      ),
    )
    .orderBy(asc(ledgerAccounts.id))
}
