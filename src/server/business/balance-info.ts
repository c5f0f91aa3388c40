// The balanceInfo of a customer-access entry: the balance of each open account, read from the
// ledger (DESIGN.md section 6; only src/server/ledger/ writes its tables).
import { balancesOf, customerAccounts } from '../ledger/balances.ts'
import type { Db } from '../db/open-database.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { fromMinor } from '../../shared/money.ts'
import { isCardProduct } from '../../shared/account-flags.ts'
import { AccountStatus } from '../../generated/constants.ts'

export interface BalanceInfoEntry {
  accountId: number
  currencyCode: string
  balance: string
}

/**
 * Open accounts other than cards (a card spends its settlement account's money, so listing
 * both would count it twice), payment accounts first; empty when the company has none yet.
 */
export async function balanceInfoOf(db: Db, customerId: number): Promise<BalanceInfoEntry[]> {
  const accounts = (await customerAccounts(db, customerId)).filter(
    (account) => account.statusId !== AccountStatus.Closed && !isCardProduct(account.type),
  )
  const balances = await balancesOf(
    db,
    accounts.map((account) => account.id),
  )
  return accounts.map((account) => ({
    accountId: account.id,
    currencyCode: account.currencyCode,
    balance: fromMinor(balances.get(account.id)?.balanceMinor ?? 0n, scaleOf(account.currencyCode)),
  }))
}
