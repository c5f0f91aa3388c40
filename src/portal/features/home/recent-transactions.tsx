// Home's recent transactions (product-spec section 2, "home feed"): the newest few of the
// history, with the way to the full history. Home's realtime subscription makes them stale
// on a transaction event, so a transfer made here or elsewhere shows without a reload.
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Anchor, Group, Loader, Paper, Text, Title } from '@mantine/core'
import { useOperationQuery } from '../../api/operation-query.ts'
import { describeFailure } from '../../../shared/response-codes.ts'
import { TransactionList, type Transaction } from '../../components/transaction-list.tsx'
import { ResponseCode } from '../../../generated/constants.ts'

/** How many of the newest transactions home shows. */
export const recentCount = 5

type State =
  | { status: 'loading' }
  | { status: 'failed'; text: string }
  | { status: 'ready'; transactions: Transaction[] }

/** The newest transactions; home's realtime subscription makes them stale. */
function useRecent(): State {
  const { t } = useTranslation(['history', 'common'])
  const query = useOperationQuery('transactionHistoryList', {
    pageNumber: 1,
    pageSize: recentCount,
  })
  if (query.isPending) return { status: 'loading' }
  if (query.isError) return { status: 'failed', text: t('common:errors.network') }
  const { data, status } = query.data
  if (data?.responseCode === ResponseCode.Success)
    return { status: 'ready', transactions: (data.transactions ?? []).slice(0, recentCount) }
  const failure = describeFailure(data, status)
  return { status: 'failed', text: failure.text ?? failure.title ?? t('common:errors.server') }
}

export function RecentTransactions() {
  const { t } = useTranslation(['history', 'common'])
  const state = useRecent()

  return (
    <Paper withBorder p="md" radius="md" data-testid="recent-transactions">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} size="h4">
          {t('recent.title')}
        </Title>
        <Anchor component={Link} to="/history">
          {t('recent.all')}
        </Anchor>
      </Group>
      {state.status === 'loading' && <Loader size="sm" aria-label={t('common:loading')} />}
      {state.status === 'failed' && (
        <Text c="red" size="sm" role="alert">
          {state.text}
        </Text>
      )}
      {state.status === 'ready' &&
        (state.transactions.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('recent.empty')}
          </Text>
        ) : (
          <TransactionList transactions={state.transactions} />
        ))}
    </Paper>
  )
}
