// One card as the API shows it (schemas/card.schema.json): the ledger account, its balance, the
// masked number, and the flags of src/shared/card-flags.ts.
import type { Db } from '../db/open-database.ts'
import type { LedgerAccount } from '../ledger/accounts.ts'
import { balancesOf, type AccountBalance } from '../ledger/balances.ts'
import { cardAccountsOf } from '../ledger/card-accounts.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { deriveCardFlags, type CardFlagInput } from '../../shared/card-flags.ts'
import { fromMinor } from '../../shared/money.ts'
import type { components } from '../../generated/api.d.ts'
import { cardRecordsOf, type CardRecord } from './card-records.ts'

export type Card = components['schemas']['Card']

export function flagInputOf(card: LedgerAccount, record: CardRecord | undefined): CardFlagInput {
  return {
    statusId: card.statusId,
    subType: card.subType,
    cardIsVirtual: card.cardIsVirtual === true,
    cardExpiryMonth: card.cardExpiryMonth,
    cardExpiryYear: card.cardExpiryYear,
    cardReissuedStatusId: card.cardReissuedStatusId,
    expressShipping: record?.expressShipping ?? false,
  }
}

export function cardJson(
  row: LedgerAccount,
  balance: AccountBalance | undefined,
  record: CardRecord | undefined,
  now = new Date(),
): Card {
  const scale = scaleOf(row.currencyCode)
  return {
    accountId: row.id,
    type: row.type,
    ...(row.subType ? { subType: row.subType as Card['subType'] } : {}),
    currencyCode: row.currencyCode,
    // The column only holds values of the spec's enum (account-view.ts says the same).
    accountStatusId: row.statusId as Card['accountStatusId'],
    balance: fromMinor(balance?.balanceMinor ?? 0n, scale),
    accountBalanceMin: fromMinor(row.balanceMinMinor, scale),
    pendingAmount: fromMinor(balance?.pendingMinor ?? 0n, scale),
    customerId: row.customerId!,
    ...(row.settlementAccountId ? { settlementAccountId: row.settlementAccountId } : {}),
    cardIsVirtual: row.cardIsVirtual === true,
    ...(row.cardExpiryMonth ? { cardExpiryMonth: row.cardExpiryMonth } : {}),
    ...(row.cardExpiryYear ? { cardExpiryYear: row.cardExpiryYear } : {}),
    ...(row.cardReissuedStatusId !== null
      ? { cardReissuedStatusId: row.cardReissuedStatusId }
      : {}),
    ...(row.cardAliasName ? { cardAliasName: row.cardAliasName } : {}),
    ...(record ? { maskedCardNumber: record.maskedNumber } : {}),
    flags: deriveCardFlags(flagInputOf(row, record), now),
  }
}

/** Cards as the API shows them, with balances and records read in two queries. */
export async function cardsJson(db: Db, rows: LedgerAccount[]): Promise<Card[]> {
  const ids = rows.map((row) => row.id)
  const balances = await balancesOf(db, ids)
  const records = await cardRecordsOf(db, ids)
  return rows.map((row) => cardJson(row, balances.get(row.id), records.get(row.id)))
}

export async function cardOf(db: Db, row: LedgerAccount): Promise<Card> {
  const [card] = await cardsJson(db, [row])
  return card!
}

export async function customerCards(db: Db, customerId: number): Promise<Card[]> {
  return cardsJson(db, await cardAccountsOf(db, customerId))
}
