// balanceInquiry: the customer's accounts with balances from the ledger and the derived
// flags of product-spec section 3. The remaining value subtracts only holds on the way out
// (pendingAmount shows every pending posting, money on its way in included). Cards are
// listed by cardList, not here (docs/decisions.md, Cards); they still count in the flags
// (cardIsRequested) of the payment accounts they settle against.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { customerAccountsWithBalances } from '../ledger/balances.ts'
import { accountJson, ledgerView } from './account-view.ts'
import { isCardProduct } from '../../shared/account-flags.ts'

export const handler: Handler<'balanceInquiry'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const { accounts: rows, balances } = await customerAccountsWithBalances(context.db, customerId)
  const views = rows.map((row) => ledgerView(row, balances.get(row.id)))
  const accounts = rows
    .map((row, index) => accountJson(row, views[index]!, balances.get(row.id), views))
    .filter((_account, index) => !isCardProduct(rows[index]!.type))
    .filter(
      (account) =>
        (input.accountId === undefined || account.accountId === input.accountId) &&
        (input.currencyCode === undefined || account.currencyCode === input.currencyCode),
    )
  return rpcOk({ accounts })
}
