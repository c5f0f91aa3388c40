// The acting merchant's own accounts that merchant tools may use: an active account of the
// customer that is not a card (buttons receive into it, identity fees are charged to it).
// An account of another customer reads exactly like one that does not exist.
import type { Db } from '../db/open-database.ts'
import { accountOfCustomer, type LedgerAccount } from '../ledger/accounts.ts'
import { AccountStatus } from '../../generated/constants.ts'
import { isCardProduct } from '../../shared/account-flags.ts'

export type MerchantAccount = LedgerAccount

/**
 * The account when it is the customer's, active and not a card; `lock` holds its row until
 * the transaction ends, so balance checks and postings on it do not interleave.
 */
export async function merchantAccount(
  db: Db,
  customerId: number,
  accountId: number,
  lock = false,
): Promise<MerchantAccount | undefined> {
  const account = await accountOfCustomer(db, customerId, accountId, lock)
  if (!account || account.statusId !== AccountStatus.Active || isCardProduct(account.type)) {
    return undefined
  }
  return account
}
