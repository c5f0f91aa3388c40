// The acting customer's accounts (balanceInquiry), for the source and target choices of the
// transfer and mass-transfer pages. One cached answer for every page that shows them; a
// transfer (invalidateAfterTransfer) or a realtime transaction event loads it again so the
// balances stay true.
import type { components } from '../../../generated/api.d.ts'
import { useOperationQuery } from '../../api/operation-query.ts'
import { useReloadOnTransactions } from '../../api/use-reload-on-transactions.ts'
import { failureText, type FailureText } from './transfer-display.ts'
import { ResponseCode } from '../../../generated/constants.ts'

export type Account = components['schemas']['Account']

export type AccountsState =
  | { status: 'loading' }
  | { status: 'failed'; failure: FailureText }
  | { status: 'ready'; accounts: Account[] }

export function useOwnAccounts(): { state: AccountsState } {
  const query = useOperationQuery('balanceInquiry', {})
  useReloadOnTransactions(['balanceInquiry'])
  if (query.isPending) return { state: { status: 'loading' } }
  if (query.isError) return { state: { status: 'failed', failure: { title: null, text: null } } }
  const { data, status } = query.data
  if (data?.responseCode === ResponseCode.Success)
    return { state: { status: 'ready', accounts: data.accounts ?? [] } }
  return { state: { status: 'failed', failure: failureText(data, status) } }
}

/** "10000001 · USD · $1,250.75" for a choice list (the balance as the reader's language writes it). */
export function accountLabel(account: Account, balance: string): string {
  return `${account.accountId} · ${account.currencyCode} · ${balance}`
}

/** amount × rate, rounded down to 2 decimals (what arrives is rounded in the bank's favour). */
export function convertedEstimate(amount: string, rate: string): string | null {
  const amountMatch = /^(\d+)(?:\.(\d{1,8}))?$/.exec(amount.trim())
  const rateMatch = /^(\d+)(?:\.(\d{1,12}))?$/.exec(rate.trim())
  if (!amountMatch || !rateMatch) return null
  const a = BigInt((amountMatch[1] ?? '0') + (amountMatch[2] ?? '').padEnd(8, '0'))
  const r = BigInt((rateMatch[1] ?? '0') + (rateMatch[2] ?? '').padEnd(12, '0'))
  const cents = (a * r) / 10n ** 18n
  const digits = cents.toString().padStart(3, '0')
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`
}
