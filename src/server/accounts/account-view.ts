// One account as the API shows it (schemas/account.schema.json), with balances from the
// ledger and the derived flags of product-spec section 3.
import type { LedgerAccount } from '../ledger/accounts.ts'
import type { AccountBalance } from '../ledger/balances.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { deriveAccountFlags, type LedgerAccountView } from '../../shared/account-flags.ts'
import { fromMinor } from '../../shared/money.ts'
import type { components } from '../../generated/api.d.ts'

type Account = components['schemas']['Account']

export type AccountRow = LedgerAccount

export function ledgerView(
  row: AccountRow,
  balance: AccountBalance | undefined,
): LedgerAccountView {
  return {
    accountId: row.id,
    type: row.type,
    statusId: row.statusId,
    scale: scaleOf(row.currencyCode),
    balanceMinor: balance?.balanceMinor ?? 0n,
    pendingMinor: balance?.pendingDebitMinor ?? 0n,
    balanceMinMinor: row.balanceMinMinor,
    settlementAccountId: row.settlementAccountId,
  }
}

export function accountJson(
  row: AccountRow,
  view: LedgerAccountView,
  balance: AccountBalance | undefined,
  all: readonly LedgerAccountView[],
): Account {
  return {
    accountId: row.id,
    type: row.type,
    // The columns are wider than the spec's enums; they only hold values the spec allows,
    // and the dispatcher's response check reports one that is not.
    ...(row.subType ? { subType: row.subType as Account['subType'] } : {}),
    currencyCode: row.currencyCode,
    accountStatusId: row.statusId as Account['accountStatusId'],
    balance: fromMinor(view.balanceMinor, view.scale),
    accountBalanceMin: fromMinor(row.balanceMinMinor, view.scale),
    pendingAmount: fromMinor(balance?.pendingMinor ?? 0n, view.scale),
    // A customer's account (customerAccounts selects by it); only house accounts have none.
    customerId: row.customerId!,
    ...(row.settlementAccountId ? { settlementAccountId: row.settlementAccountId } : {}),
    ...(row.cardIsVirtual !== null ? { cardIsVirtual: row.cardIsVirtual } : {}),
    ...(row.cardExpiryMonth ? { cardExpiryMonth: row.cardExpiryMonth } : {}),
    ...(row.cardExpiryYear ? { cardExpiryYear: row.cardExpiryYear } : {}),
    ...(row.cardReissuedStatusId !== null
      ? { cardReissuedStatusId: row.cardReissuedStatusId }
      : {}),
    ...(row.cardAliasName ? { cardAliasName: row.cardAliasName } : {}),
    flags: deriveAccountFlags(view, all),
  }
}
