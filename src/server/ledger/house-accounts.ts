// House accounts: fee income, FX position per currency and clearing per rail. Created on
// first use; the partial unique index keeps one per purpose and currency.
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { ledgerAccounts, ledgerBalances } from '../db/schema-ledger.ts'
import { AccountType } from '../../generated/constants.ts'

export type HousePurpose = 'fee_income' | 'fx_position' | `clearing:${string}`

export async function houseAccount(
  db: Db,
  purpose: HousePurpose,
  currencyCode: string,
): Promise<number> {
  const find = () =>
    db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(
        and(
          isNull(ledgerAccounts.customerId),
          eq(ledgerAccounts.purpose, purpose),
          eq(ledgerAccounts.currencyCode, currencyCode),
        ),
      )
  const [existing] = await find()
  if (existing) return existing.id
  await db
    .insert(ledgerAccounts)
    .values({ purpose, currencyCode, type: AccountType.Payment })
    .onConflictDoNothing()
  const [created] = await find()
  if (!created) throw new Error(`assertion: house account ${purpose} ${currencyCode} exists`)
  return created.id
}

/** Opens a customer account; the ledger owns every insert into ledger_accounts. */
export async function openCustomerAccount(
  db: Db,
  values: {
    customerId: number
    currencyCode: string
    type: number
    subType?: string
    settlementAccountId?: number
  },
): Promise<number> {
  const [row] = await db
    .insert(ledgerAccounts)
    .values({ purpose: 'customer', ...values })
    .returning({ id: ledgerAccounts.id })
  if (!row) throw new Error('assertion: insert returned the new account')
  await db.insert(ledgerBalances).values({ accountId: row.id })
  return row.id
}
