// The derived account flags of product-spec section 3. The product does not state the rules
// behind them; these are ours, recorded in docs/decisions.md ("Derived account flags").
import { AccountStatus, AccountType } from '../generated/constants.ts'
import { fromMinor } from './money.ts'

export function isCardProduct(type: number): boolean {
  return type >= 2006 && type <= 2135
}

export interface LedgerAccountView {
  accountId: number
  type: number
  statusId: number
  scale: number
  balanceMinor: bigint
  pendingMinor: bigint
  balanceMinMinor: bigint
  settlementAccountId: number | null
}

export interface AccountFlags {
  statementsAvailable: boolean
  transactionHistoryAvailable: boolean
  instructionsAvailable: boolean
  cardCanBeRequested: boolean
  remainingValue: string
  isPrepayment: boolean
  cardIsRequested: boolean
}

/** Statuses whose card history can be read (product-spec section 4, card rules). */
const cardHistoryStatuses = new Set<number>([
  AccountStatus.Paused,
  AccountStatus.Active,
  AccountStatus.Limited,
  AccountStatus.Expired,
])

export function deriveAccountFlags(
  account: LedgerAccountView,
  customerAccounts: readonly LedgerAccountView[],
): AccountFlags {
  const isCard = isCardProduct(account.type)
  const open = account.statusId !== AccountStatus.Closed
  const active = account.statusId === AccountStatus.Active
  const cardIsRequested = customerAccounts.some(
    (other) => isCardProduct(other.type) && other.settlementAccountId === account.accountId,
  )
  // Spendable value: the balance less outgoing holds, never below the account's minimum.
  const outgoingHolds = account.pendingMinor < 0n ? account.pendingMinor : 0n
  const remaining = account.balanceMinor + outgoingHolds - account.balanceMinMinor
  return {
    statementsAvailable: !isCard && account.statusId !== AccountStatus.Submitted,
    transactionHistoryAvailable: isCard ? cardHistoryStatuses.has(account.statusId) : true,
    instructionsAvailable: account.type === AccountType.Payment && active,
    cardCanBeRequested: account.type === AccountType.Payment && active && !cardIsRequested,
    remainingValue: fromMinor(remaining > 0n ? remaining : 0n, account.scale),
    isPrepayment: account.type === AccountType.Prepayment,
    cardIsRequested: open && cardIsRequested,
  }
}
