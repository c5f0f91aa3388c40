// /home: the total in the main currency and the quick actions (home-summary.tsx), the
// customer's accounts with balance and pending amount, and the recent transactions with each
// fee as its own line, then the customer's cards (issue 17, home-cards.tsx).
//
// Loading without moving (Lighthouse budget, DESIGN.md section 10): the route's loader asks
// for the balances and the recent transactions as soon as the route's code
// is there, before anything renders; until the balances are known one placeholder stands
// where they will be, and the recent transactions come only after them, below, so nothing
// already shown is pushed down. The answers render in a transition (useDeferredValue),
// which React splits into short tasks instead of one long one.
import { Suspense, useDeferredValue, useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import {
  Alert,
  Badge,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import type { components } from '../../../generated/api.d.ts'
import { operationQuery, useOperationQuery } from '../../api/operation-query.ts'
import { queryClient } from '../../api/query-client.ts'
import { session } from '../../api/client.ts'
import { addEnglishTexts, preloadNamespaces } from '../../i18n/i18n.ts'
import enHistory from '../../../../locales/en/history.json'
import enHome from '../../../../locales/en/home.json'
import { useReloadOnTransactions } from '../../api/use-reload-on-transactions.ts'
import { describeFailure } from '../../../shared/response-codes.ts'
import { useMoney } from '../../i18n/use-money.ts'
import {
  loadedFreshMs,
  RecentTransactions,
  recentTransactionsQuery,
} from './recent-transactions.tsx'
import { HomeTotal, QuickActions } from './home-summary.tsx'
import { HomeCards } from './home-cards.tsx'
import { useViewer } from '../../app/viewer.ts'
import { mayOpenMenuPage } from '../../app/menu-page-access.ts'
import { ResponseCode } from '../../../generated/constants.ts'

type Account = components['schemas']['Account']
type State =
  | { status: 'loading' }
  | { status: 'failed'; title: string | null; text: string | null }
  | { status: 'ready'; accounts: Account[] }

/**
 * The route's loader: home's calls and texts start with the route's code, in parallel, not
 * one after the other as the components that need them render. It waits for none of them.
 */
export function loader() {
  if (!session.isSignedIn) return null
  void queryClient.ensureQueryData(operationQuery('balanceInquiry', {})).catch(() => undefined)
  void queryClient.ensureQueryData(recentTransactionsQuery()).catch(() => undefined)
  addEnglishTexts({ home: enHome, history: enHistory })
  preloadNamespaces(['home', 'history'])
  return null
}

/** The balances; their currencies' symbols come from Intl in the reader's language. */
function useHomeAccounts(): State {
  const { t } = useTranslation('common')
  const accounts = useOperationQuery('balanceInquiry', {}, { staleTime: loadedFreshMs })
  const answer = useDeferredValue(accounts.data)
  if (accounts.isError) return { status: 'failed', title: null, text: t('errors.network') }
  if (!answer) return { status: 'loading' }
  const { data, status } = answer
  if (data?.responseCode !== ResponseCode.Success)
    return { status: 'failed', ...describeFailure(data, status) }
  return { status: 'ready', accounts: data.accounts ?? [] }
}

export function Component() {
  const { t } = useTranslation(['home', 'common'])
  // A success notice handed over by the page before (an activation), closed after 3 s.
  const location = useLocation()
  const [notice, setNotice] = useState<string | null>(
    (location.state as { notice?: string } | null)?.notice ?? null,
  )
  useEffect(() => {
    if (!notice) return
    const timer = setTimeout(() => setNotice(null), 3000)
    return () => clearTimeout(timer)
  }, [notice])

  // A transaction event on the realtime channel loads the balances and the recent
  // transactions again (issue 6).
  useReloadOnTransactions(['balanceInquiry', 'transactionHistoryList'])
  const state = useHomeAccounts()

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('home:title')}
      </Title>
      {notice && (
        <Alert color="green" role="status" withCloseButton onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {state.status === 'loading' && <AccountsPlaceholder />}
      {state.status === 'failed' && (
        <Alert color="red" role="alert" title={state.title ?? t('common:errors.error')}>
          {state.text ?? (state.title ? null : t('common:errors.server'))}
        </Alert>
      )}
      {state.status === 'ready' && (
        <>
          {state.accounts.length > 0 && (
            <>
              <HomeTotal accounts={state.accounts} />
              <QuickActions />
            </>
          )}
          <AccountList accounts={state.accounts} />
          <RecentTransactions />
          <CardsOnHome />
        </>
      )}
    </Stack>
  )
}

/** The cards, below everything else so nothing shown moves when they come; only to who may see them. */
function CardsOnHome() {
  const viewer = useViewer()
  if (!mayOpenMenuPage('cards', viewer)) return null
  return (
    <Suspense fallback={null}>
      <HomeCards />
    </Suspense>
  )
}

/** Where the balances will be: the count line and one card, as tall as theirs. */
function AccountsPlaceholder() {
  const { t } = useTranslation('common')
  return (
    <Stack role="status" data-testid="accounts-loading">
      <VisuallyHidden>{t('loading')}</VisuallyHidden>
      {/* The total and the quick actions (home-summary.tsx), as tall as they will be. */}
      <Skeleton h={118} radius="md" />
      <Skeleton h={36} w="20rem" maw="100%" />
      <Skeleton h={24} w="12rem" />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <Skeleton h={132} radius="md" />
      </SimpleGrid>
    </Stack>
  )
}

function AccountList({ accounts }: { accounts: Account[] }) {
  const { t } = useTranslation('home')
  const money = useMoney()
  if (accounts.length === 0) return <Text>{t('empty')}</Text>
  const hasPending = accounts.some((account) => Number(account.pendingAmount) !== 0)
  return (
    <>
      <Text c="dimmed">{t('accountsCount', { count: accounts.length })}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {accounts.map((account) => (
          <Paper key={account.accountId} withBorder p="md" radius="md" data-testid="account-card">
            <Group justify="space-between">
              <Text fw={700} size="lg" data-testid="account-currency">
                {account.currencyCode}
              </Text>
              <Badge variant="light">{t('accountNumber', { id: account.accountId })}</Badge>
            </Group>
            <Text size="xs" c="dimmed" mt="sm">
              {t('balance')}
            </Text>
            <Text fz={28} fw={700} data-testid="account-balance">
              {money(account.balance, account.currencyCode)}
            </Text>
            {Number(account.pendingAmount) !== 0 && (
              <Text size="sm" c="dimmed" data-testid="account-pending">
                {t('pending')}: {money(account.pendingAmount, account.currencyCode)}*
              </Text>
            )}
          </Paper>
        ))}
      </SimpleGrid>
      {hasPending && (
        <Text size="xs" c="dimmed">
          * {t('pendingNote')}
        </Text>
      )}
    </>
  )
}
