// balanceInquiry: the customer's accounts with balances from the ledger and the derived
// flags of product-spec section 3.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { balancesOf, customerAccounts } from '../ledger/balances.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { deriveAccountFlags, type LedgerAccountView } from '../../shared/account-flags.ts'
import { fromMinor } from '../../shared/money.ts'

export const handler: Handler<'balanceInquiry'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const rows = await customerAccounts(context.db, customerId)
  const balances = await balancesOf(
    context.db,
    rows.map((row) => row.id),
  )
  const views: LedgerAccountView[] = rows.map((row) => {
    const balance = balances.get(row.id)
    return {
      accountId: row.id,
      type: row.type,
      statusId: row.statusId,
      scale: scaleOf(row.currencyCode),
      balanceMinor: balance?.balanceMinor ?? 0n,
      pendingMinor: balance?.pendingMinor ?? 0n,
      balanceMinMinor: row.balanceMinMinor,
      settlementAccountId: row.settlementAccountId,
    }
  })
  const accounts = rows
    .map((row, index) => {
      const view = views[index]!
      return {
        accountId: row.id,
        type: row.type,
        ...(row.subType ? { subType: row.subType } : {}),
        currencyCode: row.currencyCode,
        accountStatusId: row.statusId,
        balance: fromMinor(view.balanceMinor, view.scale),
        accountBalanceMin: fromMinor(row.balanceMinMinor, view.scale),
        pendingAmount: fromMinor(view.pendingMinor, view.scale),
        customerId,
        ...(row.settlementAccountId ? { settlementAccountId: row.settlementAccountId } : {}),
        ...(row.cardIsVirtual !== null ? { cardIsVirtual: row.cardIsVirtual } : {}),
        ...(row.cardExpiryMonth ? { cardExpiryMonth: row.cardExpiryMonth } : {}),
        ...(row.cardExpiryYear ? { cardExpiryYear: row.cardExpiryYear } : {}),
        ...(row.cardReissuedStatusId !== null
          ? { cardReissuedStatusId: row.cardReissuedStatusId }
          : {}),
        ...(row.cardAliasName ? { cardAliasName: row.cardAliasName } : {}),
        flags: deriveAccountFlags(view, views),
      }
    })
    .filter(
      (account) =>
        (input.accountId === undefined || account.accountId === input.accountId) &&
        (input.currencyCode === undefined || account.currencyCode === input.currencyCode),
    )
  return rpcOk({ accounts })
}
