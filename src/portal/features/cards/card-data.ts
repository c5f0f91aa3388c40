// The customer's cards as the card pages read them (issue 17): one cardList answer per filter,
// the payment accounts a card is loaded from or a fee is taken from, and what a change to a
// card makes stale. The server derives every card's flags (schemas/card-flags.schema.json);
// the pages show what the flags allow and re-derive no rule.
import type { components } from '../../../generated/api.d.ts'
import type { RpcOperationId } from '../../api/operation-query.ts'
import { useOperationQuery } from '../../api/operation-query.ts'
import { useReloadOnTransactions } from '../../api/use-reload-on-transactions.ts'
import type { CardsState } from './card-rules.ts'
import { failureText } from '../../components/transfer/transfer-display.ts'
import { AccountStatus, AccountType, ResponseCode } from '../../../generated/constants.ts'

export type Account = components['schemas']['Account']

/** What a change to a card makes stale: the cards, the balances and the history. */
export const changedByCard: RpcOperationId[] = [
  'cardList',
  'balanceInquiry',
  'transactionHistoryList',
  'debitCardAuthorizationList',
  'currentAccountAuthorizationList',
]

/** The acting customer's cards; `filter` narrows to one kind or one card. */
export function useCards(filter: { cardIsVirtual?: boolean; accountId?: number } = {}): CardsState {
  const query = useOperationQuery('cardList', filter)
  useReloadOnTransactions(['cardList'])
  if (query.isPending) return { status: 'loading' }
  if (query.isError) return { status: 'failed', failure: { title: null, text: null } }
  const { data, status } = query.data
  if (data?.responseCode === ResponseCode.Success)
    return { status: 'ready', cards: data.cards ?? [] }
  return { status: 'failed', failure: failureText(data, status) }
}

/** The customer's payment accounts (type 1001) that are not closed, for loads and fees. */
export function usePaymentAccounts(): Account[] | undefined {
  const query = useOperationQuery('balanceInquiry', {})
  const data = query.data?.data
  if (data?.responseCode !== ResponseCode.Success) return query.isPending ? undefined : []
  return (data.accounts ?? []).filter(
    (account) =>
      account.type === AccountType.Payment && account.accountStatusId !== AccountStatus.Closed,
  )
}

export { cardPath, cardsLanding, statusKey, type Card, type CardsState } from './card-rules.ts'
