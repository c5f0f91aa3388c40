// Home's recent transactions (product-spec section 2, "home feed"): the newest few of the
// history, with the way to the full history. Home's realtime subscription makes them stale
// on a transaction event, so a transfer made here or elsewhere shows without a reload.
import { useDeferredValue, useId } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Anchor, Group, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core'
import { operationQuery, useOperationQuery } from '../../api/operation-query.ts'
import { describeFailure } from '../../../shared/response-codes.ts'
import { TransactionList, type Transaction } from '../../components/transaction-list.tsx'
import { ResponseCode } from '../../../generated/constants.ts'

/** How many of the newest transactions home shows. */
export const recentCount = 5

type State =
  | { status: 'loading' }
  | { status: 'failed'; text: string }
  | { status: 'ready'; transactions: Transaction[] }

const recentBody = { pageNumber: 1, pageSize: recentCount }

/**
 * How long an answer the route's loader asked for counts as fresh: long enough for the page
 * that mounts just after not to ask again; a transfer or a realtime event reloads it anyway.
 */
export const loadedFreshMs = 5_000

/** The query of the newest transactions, for the route's loader to start early. */
export function recentTransactionsQuery() {
  return operationQuery('transactionHistoryList', recentBody)
}

/** The newest transactions; home's realtime subscription makes them stale. */
function useRecent(): State {
  const { t } = useTranslation(['history', 'common'])
  const query = useOperationQuery('transactionHistoryList', recentBody, {
    staleTime: loadedFreshMs,
  })
  // Rendered in a transition: React splits the list's rendering into short tasks.
  const answer = useDeferredValue(query.data)
  if (query.isError) return { status: 'failed', text: t('common:errors.network') }
  if (!answer) return { status: 'loading' }
  const { data, status } = answer
  if (data?.responseCode === ResponseCode.Success)
    return { status: 'ready', transactions: (data.transactions ?? []).slice(0, recentCount) }
  const failure = describeFailure(data, status)
  return { status: 'failed', text: failure.text ?? failure.title ?? t('common:errors.server') }
}

export function RecentTransactions() {
  const { t } = useTranslation(['history', 'common'])
  const state = useRecent()
  const titleId = useId()

  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      withBorder
      p="md"
      radius="md"
      data-testid="recent-transactions"
    >
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} size="h4" id={titleId}>
          {t('recent.title')}
        </Title>
        <Anchor component={Link} to="/history">
          {t('recent.all')}
        </Anchor>
      </Group>
      {state.status === 'loading' && <RecentPlaceholder />}
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

/** Where the transactions will be: a row each, as tall as a transaction's card. */
function RecentPlaceholder() {
  const { t } = useTranslation('common')
  return (
    <Stack gap="xs" role="status" data-testid="recent-loading">
      <VisuallyHidden>{t('loading')}</VisuallyHidden>
      {Array.from({ length: recentCount }, (_, index) => (
        <Skeleton key={index} h={56} radius="md" />
      ))}
    </Stack>
  )
}
