// /statements: monthly statements of an account (product-spec sections 2 and 3, History:
// statement export; issue 16). Choose an account and a month and create the statement; it is
// built on the server and shows as being prepared until it is ready (the list is read again
// every two seconds meanwhile); a ready one downloads as PDF or goes to one of the customer's
// confirmed e-mail addresses. Earlier statements are listed 12 a page.
// Hand-written rather than a rendered screen (docs/decisions.md, History export and
// statements): the account choice comes from the customer's accounts, the list waits for a
// row to become ready, and the download is a link another operation answers for the row,
// none of which the renderer's resource screens can say.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import type { components } from '../../../generated/api.d.ts'
import {
  callRpc,
  operationQuery,
  useOperationMutation,
  useOperationQuery,
  type RpcReply,
} from '../../api/operation-query.ts'
import { ResponseCode } from '../../../generated/constants.ts'
import { isCardProduct } from '../../../shared/account-flags.ts'
import { Loading } from '../../components/loading.tsx'
import { StatementSend } from './statement-send.tsx'
import { useStatementFailure, type Notice } from './statement-failure.ts'

type Account = components['schemas']['Account']
type StatementExport = components['schemas']['StatementExport']

export const statementsPageSize = 12
const statusColors = { processing: 'yellow', ready: 'green', failed: 'red' } as const

/** The first days of this month and the 23 before it, newest first (YYYY-MM-01). */
export function recentMonths(now = new Date(), count = 24): string[] {
  return Array.from({ length: count }, (_, back) => {
    const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1))
    return day.toISOString().slice(0, 10)
  })
}

/** "November 2026" in the page's language. */
export function useMonthName(): (dateFrom: string) => string {
  const { i18n } = useTranslation()
  const locale = i18n.language === 'ua' ? 'uk' : i18n.language
  return (dateFrom: string) =>
    new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${dateFrom}T00:00:00Z`),
    )
}

function useAccounts(): Account[] | undefined {
  const query = useOperationQuery('balanceInquiry', {})
  const reply = query.data?.data
  if (query.isPending) return undefined
  return reply?.responseCode === ResponseCode.Success
    ? (reply.accounts ?? []).filter((a) => !isCardProduct(Number(a.type)))
    : []
}

export function Component() {
  const { t } = useTranslation('history')
  const accounts = useAccounts()
  const [chosen, setChosen] = useState<number | undefined>(undefined)
  const accountId = chosen ?? accounts?.[0]?.accountId
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('statements.title')}
      </Title>
      <Text>{t('statements.intro')}</Text>
      {accounts === undefined && <Loading />}
      {accounts?.length === 0 && <Text>{t('statements.noAccounts')}</Text>}
      {accounts && accountId !== undefined && (
        <>
          <StatementStart accounts={accounts} accountId={accountId} onAccount={setChosen} />
          <StatementList key={accountId} accountId={accountId} />
        </>
      )}
    </Stack>
  )
}

/** The account and month choice and the button that starts a statement. */
function StatementStart(props: {
  accounts: Account[]
  accountId: number
  onAccount(accountId: number): void
}) {
  const { t } = useTranslation('history')
  const monthName = useMonthName()
  const [dateFrom, setDateFrom] = useState(() => recentMonths()[0]!)
  const [notice, setNotice] = useState<Notice | null>(null)
  const start = useOperationMutation('transactionHistoryExportStart', {
    invalidates: ['transactionHistoryExportList'],
  })
  const failure = useStatementFailure()

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setNotice(null)
    try {
      const { data, status } = await start.mutateAsync({ accountId: props.accountId, dateFrom })
      if (data?.responseCode === ResponseCode.Success) {
        setNotice({ ok: true, text: t('statements.started', { month: monthName(dateFrom) }) })
      } else setNotice(failure(data, status))
    } catch {
      setNotice(failure(undefined, 0))
    }
  }

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NativeSelect
            label={t('statements.account')}
            data={props.accounts.map((a) => ({
              value: String(a.accountId),
              label: `${a.accountId} · ${a.currencyCode}`,
            }))}
            value={String(props.accountId)}
            onChange={(event) => props.onAccount(Number(event.currentTarget.value))}
          />
          <NativeSelect
            label={t('statements.month')}
            data={recentMonths().map((month) => ({ value: month, label: monthName(month) }))}
            value={dateFrom}
            onChange={(event) => setDateFrom(event.currentTarget.value)}
          />
          <Button type="submit" loading={start.isPending} style={{ alignSelf: 'end' }}>
            {t('statements.start')}
          </Button>
        </SimpleGrid>
        {notice && <NoticeLine notice={notice} />}
      </Stack>
    </Paper>
  )
}

export function NoticeLine({ notice }: { notice: Notice }) {
  return notice.ok ? (
    <Alert color="green" role="status">
      {notice.text}
    </Alert>
  ) : (
    <Alert color="red" role="alert">
      {notice.text}
    </Alert>
  )
}

/** The account's statements, read again every two seconds while one is being prepared. */
function useStatementList(accountId: number, pageNumber: number) {
  const body = { accountId, pageNumber, pageSize: statementsPageSize }
  const query = useQuery({
    ...operationQuery('transactionHistoryExportList', body),
    refetchInterval: (current) => {
      const exports = current.state.data?.data?.exports ?? []
      return exports.some((item) => item.status === 'processing') ? 2000 : false
    },
  })
  const reply: RpcReply<'transactionHistoryExportList'> | undefined = query.data?.data
  return { pending: query.isPending, reply }
}

function StatementList({ accountId }: { accountId: number }) {
  const { t } = useTranslation(['history', 'common'])
  const [page, setPage] = useState(1)
  const { pending, reply } = useStatementList(accountId, page)
  if (pending) return <Loading />
  if (reply?.responseCode !== ResponseCode.Success) {
    return (
      <Alert color="red" role="alert">
        {t('common:errors.server')}
      </Alert>
    )
  }
  const exports = reply.exports ?? []
  const pages = Math.max(1, Math.ceil((reply.total ?? 0) / statementsPageSize))
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('statements.list')}
      </Title>
      {exports.length === 0 && <Text>{t('statements.empty')}</Text>}
      {exports.map((item) => (
        <StatementRow key={item.exportId} statement={item} />
      ))}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': t(`paging.${control}`) })}
          getItemProps={(number) => ({ 'aria-label': t('paging.page', { number }) })}
        />
      )}
    </Stack>
  )
}

/** Opens a fresh signed link to the statement's PDF, which the browser saves. */
async function downloadStatement(exportId: string): Promise<boolean> {
  const { data } = await callRpc('transactionHistoryExportStatusGet', { exportId })
  if (data?.responseCode !== ResponseCode.Success || !data.url) return false
  const link = document.createElement('a')
  link.href = data.url
  link.rel = 'noreferrer'
  document.body.append(link)
  link.click()
  link.remove()
  return true
}

function StatementRow({ statement }: { statement: StatementExport }) {
  const { t, i18n } = useTranslation(['history', 'common'])
  const monthName = useMonthName()
  const [sending, setSending] = useState(false)
  const [notice, setNotice] = useState<Notice | null>(null)
  const status = statement.status ?? 'processing'
  const exportId = statement.exportId ?? ''
  const title = t('statements.statementOf', { month: monthName(statement.dateFrom) })
  const requested = statement.createdAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(statement.createdAt),
      )
    : null
  return (
    <Paper withBorder p="sm" radius="md" data-testid="statement-row" aria-label={title}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div>
            <Text fw={600}>{title}</Text>
            {requested && (
              <Text size="xs" c="dimmed">
                {t('statements.requestedAt', { date: requested })}
              </Text>
            )}
          </div>
          <Badge variant="light" color={statusColors[status]} style={{ overflow: 'visible' }}>
            {t(`statements.status.${status}`)}
          </Badge>
        </Group>
        {status === 'ready' && (
          <Group gap="xs" wrap="wrap">
            <Button
              size="xs"
              onClick={() => {
                setNotice(null)
                void downloadStatement(exportId).then(
                  (ok) => ok || setNotice({ ok: false, text: t('common:errors.server') }),
                )
              }}
            >
              {t('statements.download')}
            </Button>
            <Button size="xs" variant="light" onClick={() => setSending((open) => !open)}>
              {t('statements.send')}
            </Button>
          </Group>
        )}
        {sending && <StatementSend exportId={exportId} onNotice={setNotice} />}
        {notice && <NoticeLine notice={notice} />}
      </Stack>
    </Paper>
  )
}
