// accountCurrencyAdd: opens a payment account (1001) in another currency for the acting
// customer (product-spec section 7). One payment account per currency; read-only users of a
// company (access right 1) cannot open accounts.
import type { Handler } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { paymentAccountsIn } from '../ledger/accounts.ts'
import { AccountStatus } from '../../generated/constants.ts'
import { AccountType } from '../../generated/constants.ts'
import { openCustomerAccount } from '../ledger/house-accounts.ts'
import { balancesOf, customerAccounts } from '../ledger/balances.ts'
import { actingUser } from '../transfers/acting-user.ts'
import { accountJson, ledgerView } from './account-view.ts'
import { isAccountCurrency } from './exchange-rates.ts'

export const handler: Handler<'accountCurrencyAdd'> = async (context, input) => {
  const acting = await actingUser(context)
  const currencyCode = input.currencyCode
  if (!isAccountCurrency(currencyCode)) {
    return validationFailure([refusal('currencyCode', 'refusal.accounts.currencyNotOffered')])
  }
  const existing = (await paymentAccountsIn(context.db, [acting.customerId], currencyCode)).find(
    (account) => account.statusId !== AccountStatus.Closed,
  )
  if (existing) {
    return validationFailure([refusal('currencyCode', 'refusal.accounts.alreadyHeld')])
  }
  const accountId = await openCustomerAccount(context.db, {
    customerId: acting.customerId,
    currencyCode,
    type: AccountType.Payment,
  })
  const rows = await customerAccounts(context.db, acting.customerId)
  const balances = await balancesOf(
    context.db,
    rows.map((row) => row.id),
  )
  const views = rows.map((row) => ledgerView(row, balances.get(row.id)))
  const index = rows.findIndex((row) => row.id === accountId)
  const account = accountJson(rows[index]!, views[index]!, balances.get(accountId), views)
  return rpcOk({ account })
}
