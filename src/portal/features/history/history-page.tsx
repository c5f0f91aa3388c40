// /history: the acting customer's transactions (product-spec sections 3 and 9, History): the
// filter of section 3 (account, words, type, dates, amounts, direction, status, counterparty),
// 20 a page with pages from 1, the summary of the filtered period and the CSV export link.
// Hand-written rather than a rendered screen: the account and type choices come from the
// customer's accounts and the transaction-types dictionary, which the renderer's schema forms
// cannot offer, and home shows the same rows.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useMediaQuery } from '@mantine/hooks'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { DateField } from '../../components/date-field.tsx'
import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import type { components } from '../../../generated/api.d.ts'
import { useOperationQuery } from '../../api/operation-query.ts'
import { loadDictionary } from '../../api/dictionaries.ts'
import { describeFailure } from '../../../shared/response-codes.ts'
import { useMoney } from '../../i18n/use-money.ts'
import { TransactionList, type Transaction } from '../../components/transaction-list.tsx'
import { ResponseCode } from '../../../generated/constants.ts'
import { Loading } from '../../components/loading.tsx'

type Filter = Omit<components['schemas']['TransactionHistoryFilter'], 'pageNumber' | 'pageSize'>
type Summary = components['schemas']['HistorySummary']
type Account = components['schemas']['Account']
type TransactionType = components['schemas']['TransactionType']

export const historyPageSize = 20

interface Fields {
  accountId: string
  keyword: string
  transactionType: string
  fromDate: string
  toDate: string
  fromAmount: string
  toAmount: string
  transactionDirection: string
  status: string
  email: string
}
const noFilter: Fields = {
  accountId: '',
  keyword: '',
  transactionType: '',
  fromDate: '',
  toDate: '',
  fromAmount: '',
  toAmount: '',
  transactionDirection: '',
  status: '',
  email: '',
}

const amountPattern = /^[0-9]{1,20}(\.[0-9]{1,8})?$/

/** The fields a person filled, as the request wants them; the refused ones by name. */
export function filterOf(fields: Fields): { filter: Filter; invalid: (keyof Fields)[] } {
  const filter: Filter = {}
  const invalid: (keyof Fields)[] = []
  const trimmed = Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, value.trim()]),
  ) as unknown as Fields
  if (trimmed.accountId) filter.accountId = Number(trimmed.accountId)
  if (trimmed.keyword) filter.keyword = trimmed.keyword
  if (trimmed.transactionType) filter.transactionType = trimmed.transactionType
  if (trimmed.fromDate) filter.fromDate = trimmed.fromDate
  if (trimmed.toDate) filter.toDate = trimmed.toDate
  if (trimmed.fromDate && trimmed.toDate && trimmed.fromDate > trimmed.toDate)
    invalid.push('toDate')
  for (const key of ['fromAmount', 'toAmount'] as const) {
    if (!trimmed[key]) continue
    if (amountPattern.test(trimmed[key])) filter[key] = trimmed[key]
    else invalid.push(key)
  }
  if (trimmed.transactionDirection === 'debit' || trimmed.transactionDirection === 'credit')
    filter.transactionDirection = trimmed.transactionDirection
  if (['completed', 'processing', 'rejected'].includes(trimmed.status))
    filter.status = trimmed.status as Filter['status']
  if (trimmed.email) {
    if (/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(trimmed.email)) filter.email = trimmed.email
    else invalid.push('email')
  }
  return { filter, invalid }
}

type ListState =
  | { status: 'loading' }
  | { status: 'failed'; title: string | null; text: string | null }
  | {
      status: 'ready'
      transactions: Transaction[]
      results: number
      summary?: Summary | undefined
      exportCsv?: string | undefined
    }

/** One page of the filtered transactions. */
function useHistoryList(applied: Filter, page: number): ListState {
  const { t } = useTranslation('common')
  const query = useOperationQuery('transactionHistoryList', {
    ...applied,
    pageNumber: page,
    pageSize: historyPageSize,
  })
  if (query.isPending) return { status: 'loading' }
  if (query.isError) return { status: 'failed', title: null, text: t('errors.network') }
  const { data, status } = query.data
  if (data?.responseCode !== ResponseCode.Success)
    return { status: 'failed', ...describeFailure(data, status) }
  return {
    status: 'ready',
    transactions: data.transactions ?? [],
    results: data.results ?? data.transactions?.length ?? 0,
    summary: data.summary,
    exportCsv: data.exportCsv,
  }
}

/** The account and type choices of the filter: the accounts and the types dictionary. */
function useFilterChoices(): { accounts: Account[]; types: TransactionType[] } {
  const accounts = useOperationQuery('balanceInquiry', {})
  const types = useQuery({
    queryKey: ['dictionary', 'transactionTypes'],
    queryFn: () => loadDictionary('transactionTypes'),
  })
  const accountsReply = accounts.data?.data
  const typesReply = types.data
  return {
    accounts:
      accountsReply?.responseCode === ResponseCode.Success ? (accountsReply.accounts ?? []) : [],
    types:
      typesReply?.responseCode === ResponseCode.Success
        ? ((typesReply.transactionTypes as TransactionType[]) ?? [])
        : [],
  }
}

export function Component() {
  const { t } = useTranslation(['history', 'common'])
  const [applied, setApplied] = useState<Filter>({})
  const [page, setPage] = useState(1)
  const list = useHistoryList(applied, page)

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Anchor component={Link} to="/history/batch-transfers">
          {t('batchLink')}
        </Anchor>
      </Group>
      <HistoryFilter
        onApply={(filter) => {
          setPage(1)
          setApplied(filter)
        }}
      />
      <HistoryResults list={list} page={page} onPage={setPage} />
    </Stack>
  )
}

/** The filter of section 3; a filter applied starts again from page 1. */
function HistoryFilter({ onApply }: { onApply(filter: Filter): void }) {
  const { t } = useTranslation(['history', 'common'])
  const [fields, setFields] = useState<Fields>(noFilter)
  const [invalid, setInvalid] = useState<(keyof Fields)[]>([])
  const { accounts, types } = useFilterChoices()
  // On a phone the filter shows the account and the words; the rest opens on request, so the
  // transactions are not pushed below ten fields.
  const phone = useMediaQuery('(max-width: 36em)')
  const [moreShown, setMoreShown] = useState(false)
  const more = !phone || moreShown || invalid.length > 0

  const set = (key: keyof Fields) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value
    setFields((old) => ({ ...old, [key]: value }))
    setInvalid((old) => old.filter((name) => name !== key))
  }
  const errorOf = (key: keyof Fields) =>
    invalid.includes(key) ? t(`filter.invalid.${key}`) : undefined

  function apply(event: React.FormEvent) {
    event.preventDefault()
    const { filter, invalid: refused } = filterOf(fields)
    setInvalid(refused)
    if (refused.length > 0) return
    onApply(filter)
  }

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={apply} noValidate>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
        <NativeSelect
          label={t('filter.account')}
          data={[
            { value: '', label: t('filter.allAccounts') },
            ...accounts.map((a) => ({
              value: String(a.accountId),
              label: `${a.accountId} · ${a.currencyCode}`,
            })),
          ]}
          value={fields.accountId}
          onChange={set('accountId')}
        />
        <TextInput
          label={t('filter.keyword')}
          value={fields.keyword}
          onChange={set('keyword')}
          maxLength={256}
        />
        {more && <MoreFilters fields={fields} set={set} errorOf={errorOf} types={types} />}
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        {phone && (
          <Button
            variant="subtle"
            mr="auto"
            aria-expanded={more}
            onClick={() => setMoreShown(!moreShown)}
          >
            {moreShown ? t('filter.fewer') : t('filter.more')}
          </Button>
        )}
        <Button
          variant="default"
          onClick={() => {
            setFields(noFilter)
            setInvalid([])
            onApply({})
          }}
        >
          {t('filter.clear')}
        </Button>
        <Button type="submit">{t('filter.apply')}</Button>
      </Group>
    </Paper>
  )
}

const statuses = ['completed', 'processing', 'rejected'] as const

/** The filter's fields beyond the account and the words. */
function MoreFilters({
  fields,
  set,
  errorOf,
  types,
}: {
  fields: Fields
  set(key: keyof Fields): (event: { currentTarget: { value: string } }) => void
  errorOf(key: keyof Fields): string | undefined
  types: TransactionType[]
}) {
  const { t } = useTranslation('history')
  const typeLabel = (type: TransactionType) => t(`types.${type.code}`, { defaultValue: type.name })
  return (
    <>
      <NativeSelect
        label={t('filter.type')}
        data={[
          { value: '', label: t('filter.all') },
          ...types.map((type) => ({ value: type.code, label: typeLabel(type) })),
        ]}
        value={fields.transactionType}
        onChange={set('transactionType')}
      />
      <NativeSelect
        label={t('filter.direction')}
        data={[
          { value: '', label: t('filter.all') },
          { value: 'debit', label: t('direction.debit') },
          { value: 'credit', label: t('direction.credit') },
        ]}
        value={fields.transactionDirection}
        onChange={set('transactionDirection')}
      />
      <NativeSelect
        label={t('filter.status')}
        data={[
          { value: '', label: t('filter.all') },
          ...statuses.map((value) => ({ value, label: t(`status.${value}`) })),
        ]}
        value={fields.status}
        onChange={set('status')}
      />
      <DateField
        label={t('filter.fromDate')}
        value={fields.fromDate}
        onChange={(value) => set('fromDate')({ currentTarget: { value } })}
      />
      <DateField
        label={t('filter.toDate')}
        value={fields.toDate}
        onChange={(value) => set('toDate')({ currentTarget: { value } })}
        error={errorOf('toDate')}
      />
      <TextInput
        label={t('filter.fromAmount')}
        value={fields.fromAmount}
        onChange={set('fromAmount')}
        inputMode="decimal"
        error={errorOf('fromAmount')}
      />
      <TextInput
        label={t('filter.toAmount')}
        value={fields.toAmount}
        onChange={set('toAmount')}
        inputMode="decimal"
        error={errorOf('toAmount')}
      />
      <TextInput
        type="email"
        label={t('filter.email')}
        value={fields.email}
        onChange={set('email')}
        error={errorOf('email')}
      />
    </>
  )
}

function HistoryResults({
  list,
  page,
  onPage,
}: {
  list: ListState
  page: number
  onPage(page: number): void
}) {
  const { t } = useTranslation(['history', 'common'])
  const pages = list.status === 'ready' ? Math.max(1, Math.ceil(list.results / historyPageSize)) : 1
  return (
    <>
      {list.status === 'loading' && <Loading />}
      {list.status === 'failed' && (
        <Alert color="red" role="alert" title={list.title ?? t('common:errors.error')}>
          {list.text ?? (list.title ? null : t('common:errors.server'))}
        </Alert>
      )}
      {list.status === 'ready' && (
        <>
          {list.summary && <SummaryBlock summary={list.summary} />}
          <Group justify="space-between" wrap="wrap">
            <Text c="dimmed" data-testid="history-results">
              {t('results', { count: list.results })}
            </Text>
            {list.exportCsv && (
              <Anchor href={list.exportCsv} target="_blank" rel="noreferrer">
                {t('exportCsv')}
              </Anchor>
            )}
          </Group>
          {list.transactions.length === 0 ? (
            <Text>{t('empty')}</Text>
          ) : (
            <TransactionList transactions={list.transactions} withBalance />
          )}
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={onPage}
              getControlProps={(control) => ({ 'aria-label': t(`paging.${control}`) })}
              getItemProps={(number) => ({ 'aria-label': t('paging.page', { number }) })}
            />
          )}
        </>
      )}
    </>
  )
}

function SummaryBlock({ summary }: { summary: Summary }) {
  const { t } = useTranslation('history')
  const format = useMoney()
  const money = (amount: string) => format(amount, summary.currencyCode)
  const items = [
    ['beginningBalance', money(summary.beginningBalance)],
    ['totalDebit', money(summary.totalDebit)],
    ['totalCredit', money(summary.totalCredit)],
    ['endingBalance', money(summary.endingBalance)],
    ['processingCount', String(summary.processingCount)],
    ['rejectedCount', String(summary.rejectedCount)],
  ] as const
  return (
    <Paper withBorder p="md" radius="md" data-testid="history-summary">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
        {items.map(([key, value]) => (
          <div key={key}>
            <Text size="xs" c="dimmed">
              {t(`summary.${key}`)}
            </Text>
            <Text fw={600} data-testid={`summary-${key}`}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  )
}
