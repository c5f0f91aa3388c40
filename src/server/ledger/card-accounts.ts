// Card accounts (issue 17): a card is a ledger account of its product type (2006-2135) settled
// against a payment account. The cards area opens them and changes their status, alias,
// expiry and reissue status here, since the ledger owns every write to ledger_accounts.
import { and, asc, desc, eq, gte, lte, type SQL } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { ledgerAccounts, ledgerBalances } from '../db/schema-ledger.ts'
import type { LedgerAccount } from './accounts.ts'

export interface NewCardAccount {
  customerId: number
  currencyCode: string
  type: number
  subType: 'PREPAID' | 'DEBIT'
  settlementAccountId: number
  cardIsVirtual: boolean
  statusId: number
  cardExpiryMonth: number
  cardExpiryYear: number
  cardAliasName?: string
}

export type CardAccountChange = Partial<
  Pick<
    LedgerAccount,
    'statusId' | 'cardReissuedStatusId' | 'cardAliasName' | 'cardExpiryMonth' | 'cardExpiryYear'
  >
>

const cardTypes = and(gte(ledgerAccounts.type, 2006), lte(ledgerAccounts.type, 2135))

export async function openCardAccount(db: Db, card: NewCardAccount): Promise<number> {
  const [row] = await db
    .insert(ledgerAccounts)
    .values({ purpose: 'customer', ...card })
    .returning({ id: ledgerAccounts.id })
  if (!row) throw new Error('assertion: insert returned the new card account')
  await db.insert(ledgerBalances).values({ accountId: row.id })
  return row.id
}

/** The card that matches `where`; `lock` holds its row until the transaction ends. */
async function cardAccountWhere(
  db: Db,
  where: SQL | undefined,
  lock: boolean,
): Promise<LedgerAccount | undefined> {
  const query = db.select().from(ledgerAccounts).where(and(where, cardTypes))
  const [row] = lock ? await query.for('update') : await query
  return row
}

/** The card when it is the customer's; `lock` holds its row until the transaction ends. */
export function cardAccountOfCustomer(
  db: Db,
  customerId: number,
  accountId: number,
  lock = false,
): Promise<LedgerAccount | undefined> {
  const where = and(eq(ledgerAccounts.id, accountId), eq(ledgerAccounts.customerId, customerId))
  return cardAccountWhere(db, where, lock)
}

/** Any customer's card, locked when asked (the issuer's jobs). */
export function cardAccountById(
  db: Db,
  accountId: number,
  lock = false,
): Promise<LedgerAccount | undefined> {
  return cardAccountWhere(db, eq(ledgerAccounts.id, accountId), lock)
}

/** The customer's cards, newest first. */
export async function cardAccountsOf(db: Db, customerId: number): Promise<LedgerAccount[]> {
  return db
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.customerId, customerId), cardTypes))
    .orderBy(desc(ledgerAccounts.id))
}

/** The cards settled against a payment account, oldest first. */
export async function cardsSettledAgainst(
  db: Db,
  settlementAccountId: number,
): Promise<LedgerAccount[]> {
  return db
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.settlementAccountId, settlementAccountId), cardTypes))
    .orderBy(asc(ledgerAccounts.id))
}

export async function changeCardAccount(
  db: Db,
  accountId: number,
  change: CardAccountChange,
): Promise<LedgerAccount> {
  const [row] = await db
    .update(ledgerAccounts)
    .set(change)
    .where(and(eq(ledgerAccounts.id, accountId), cardTypes))
    .returning()
  if (!row) throw new Error(`assertion: card account ${accountId} exists`)
  return row
}
