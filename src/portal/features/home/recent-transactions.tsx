// Home's recent transactions (product-spec section 2, "home feed"): the newest few of the
// history, with the way to the full history. Home hands over a counter that a realtime
// transaction event raises, so a transfer made here or elsewhere shows without a reload.
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Anchor, Group, Loader, Paper, Text, Title } from '@mantine/core'
import { api } from '../../api/client.ts'
import { describeFailure } from '../../../shared/response-codes.ts'
import { TransactionList, type Transaction } from '../../components/transaction-list.tsx'

/** How many of the newest transactions home shows. */
export const recentCount = 5

type State =
  | { status: 'loading' }
  | { status: 'failed'; text: string }
  | { status: 'ready'; transactions: Transaction[] }

export function RecentTransactions({ reloads }: { reloads: number }) {
  const { t } = useTranslation(['history', 'common'])
  const [state, setState] = useState<State>({ status: 'loading' })

  useEffect(() => {
    let cancelled = false
    api
      .POST('/rpc/transactionHistoryList', { body: { pageNumber: 1, pageSize: recentCount } })
      .then(
        ({ data, response }) => {
          if (cancelled) return
          if (data?.responseCode === '00')
            setState({
              status: 'ready',
              transactions: (data.transactions ?? []).slice(0, recentCount),
            })
          else {
            const failure = describeFailure(data, response.status)
            setState({
              status: 'failed',
              text: failure.text ?? failure.title ?? t('common:errors.server'),
            })
          }
        },
        () => !cancelled && setState({ status: 'failed', text: t('common:errors.network') }),
      )
    return () => {
      cancelled = true
    }
  }, [reloads, t])

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
