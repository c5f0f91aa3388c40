// /transfer/approved: the business approval queue (product-spec sections 4, 6 and 9). An
// approver filters the requests the company's initiators created, 50 a page, ticks one or
// many and approves or declines them; when the approver's own approval mode asks for a code
// the code popup follows (businessTransactionConfirm). The count of waiting requests heads
// the page. The requests of a mass batch are approved or declined as a whole
// (businessTransactionMassApprove, section 6).
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  NativeSelect,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import type { components } from '../../../generated/api.d.ts'
import { api } from '../../api/client.ts'
import { formatAmount } from '../../../shared/money.ts'
import {
  failureText,
  newIdempotencyKey,
  type FailureText,
} from '../../components/transfer/transfer-display.ts'
import {
  asksForCode,
  CodeStepPopup,
  OutcomePopup,
  type CodeApprovalType,
  type Outcome,
} from '../../components/transfer/transfer-popups.tsx'
import { ResponseCode } from '../../../generated/constants.ts'

type Request = components['schemas']['ApprovalRequest']
const pageSize = 50

interface Filters {
  transactionType: string
  createdBy: string
  fromDate: string
  toDate: string
}
const noFilters: Filters = { transactionType: '', createdBy: '', fromDate: '', toDate: '' }

type ListState =
  | { status: 'loading' }
  | { status: 'failed'; failure: FailureText }
  | { status: 'ready'; requests: Request[]; total: number }

interface CodeStep {
  approvalTransactionId: number
  approveType: CodeApprovalType
  sentTo?: string | undefined
  declined: boolean
}

export function Component() {
  const { t } = useTranslation(['transfers', 'mass', 'common'])
  const [filters, setFilters] = useState<Filters>(noFilters)
  const [applied, setApplied] = useState<Filters>(noFilters)
  const [page, setPage] = useState(1)
  const [list, setList] = useState<ListState>({ status: 'loading' })
  const [count, setCount] = useState<number | null>(null)
  const [users, setUsers] = useState<string[]>([])
  const [selected, setSelected] = useState<Set<number>>(new Set())
  const [busy, setBusy] = useState(false)
  const [code, setCode] = useState<CodeStep | null>(null)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [retryCode, setRetryCode] = useState<CodeStep | null>(null)

  const load = useCallback(() => {
    setList({ status: 'loading' })
    const body = {
      pageNumber: page,
      pageSize,
      ...Object.fromEntries(Object.entries(applied).filter(([, value]) => value !== '')),
    }
    api.POST('/rpc/businessTransactionList', { body }).then(
      ({ data, response }) => {
        if (data?.responseCode === ResponseCode.Success) {
          setList({ status: 'ready', requests: data.requests ?? [], total: data.total ?? 0 })
        } else if (
          data?.responseCode === ResponseCode.AccessDenied ||
          data?.responseCode === ResponseCode.NoAccess
        ) {
          // Only approvers (rights 2 and 4) have a queue (product-spec section 6).
          setList({ status: 'failed', failure: { title: null, text: t('approved.noRights') } })
        } else setList({ status: 'failed', failure: failureText(data, response.status) })
      },
      () => setList({ status: 'failed', failure: { title: null, text: t('errors.network') } }),
    )
    void api.POST('/rpc/businessTransactionNotificationCount', { body: {} }).then(({ data }) => {
      if (data?.responseCode === ResponseCode.Success) setCount(data.count ?? 0)
    })
    setSelected(new Set())
  }, [page, applied, t])
  useEffect(load, [load])
  useEffect(() => {
    void api.POST('/rpc/businessTransactionUserList', { body: {} }).then(({ data }) => {
      setUsers((data?.users ?? []).map((u) => u.email))
    })
  }, [])

  async function decide(declined: boolean) {
    if (selected.size === 0) return
    setBusy(true)
    try {
      const { data, response } = await api.POST('/rpc/businessTransactionApprove', {
        body: { transactionIds: [...selected], declined, idempotencyKey: newIdempotencyKey() },
      })
      if (data?.responseCode !== ResponseCode.Success) {
        setOutcome({ kind: 'failure', failure: failureText(data, response.status) })
      } else if (asksForCode(data.approveType) && data.approvalTransactionId) {
        setCode({
          approvalTransactionId: data.approvalTransactionId,
          approveType: data.approveType,
          sentTo: data.approvalSentTo,
          declined,
        })
      } else finish(declined)
    } catch {
      setOutcome({ kind: 'failure', failure: { title: null, text: t('errors.network') } })
    } finally {
      setBusy(false)
    }
  }

  /** Every request of one mass batch at once, with the same code step as above. */
  async function decideBatch(batchId: number, declined: boolean) {
    setBusy(true)
    try {
      const { data, response } = await api.POST('/rpc/businessTransactionMassApprove', {
        body: { batchId, declined, idempotencyKey: newIdempotencyKey() },
      })
      if (data?.responseCode !== ResponseCode.Success) {
        setOutcome({ kind: 'failure', failure: failureText(data, response.status) })
      } else if (asksForCode(data.approveType) && data.approvalTransactionId) {
        setCode({
          approvalTransactionId: data.approvalTransactionId,
          approveType: data.approveType,
          sentTo: data.approvalSentTo,
          declined,
        })
      } else finish(declined)
    } catch {
      setOutcome({ kind: 'failure', failure: { title: null, text: t('errors.network') } })
    } finally {
      setBusy(false)
    }
  }

  function finish(declined: boolean) {
    setOutcome({
      kind: 'success',
      lines: [t(declined ? 'approved.declinedDone' : 'approved.approvedDone')],
    })
    load()
  }

  async function confirm(step: CodeStep, value: string) {
    setBusy(true)
    try {
      const { data, response } = await api.POST('/rpc/businessTransactionConfirm', {
        body: {
          approvalTransactionId: step.approvalTransactionId,
          code: value,
          idempotencyKey: newIdempotencyKey(),
        },
      })
      setCode(null)
      if (data?.responseCode === ResponseCode.Success) finish(step.declined)
      else {
        setRetryCode(step)
        setOutcome({ kind: 'failure', failure: failureText(data, response.status) })
      }
    } catch {
      setCode(null)
      setRetryCode(step)
      setOutcome({ kind: 'failure', failure: { title: null, text: t('errors.network') } })
    } finally {
      setBusy(false)
    }
  }

  const requests = list.status === 'ready' ? list.requests : []
  const typeText = (r: Request) =>
    t(`approved.types.${r.transactionType}`, { defaultValue: r.transactionType })
  const amountText = (r: Request) =>
    r.amount !== undefined ? `${formatAmount(r.amount)} ${r.currencyCode ?? ''}` : ''
  const hasBatches = requests.some((r) => r.massBatchId !== undefined)
  const batchActions = (r: Request) =>
    r.massBatchId !== undefined && (
      <Group gap={4} wrap="wrap" data-testid="batch-actions">
        <Badge variant="light" color="grape" style={{ flexShrink: 0, overflow: 'visible' }}>
          {t('mass:approval.batch', { id: r.massBatchId })}
        </Badge>
        <Button
          size="compact-xs"
          style={{ flexShrink: 0 }}
          onClick={() => void decideBatch(r.massBatchId!, false)}
          loading={busy}
        >
          {t('mass:approval.approve')}
        </Button>
        <Button
          size="compact-xs"
          color="red"
          variant="light"
          style={{ flexShrink: 0 }}
          onClick={() => void decideBatch(r.massBatchId!, true)}
          loading={busy}
        >
          {t('mass:approval.decline')}
        </Button>
      </Group>
    )
  const allChecked = requests.length > 0 && requests.every((r) => selected.has(r.id))
  const toggle = (id: number) =>
    setSelected((old) => {
      const next = new Set(old)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })

  return (
    <Stack>
      <Group gap="sm">
        <Title order={1} size="h2">
          {t('approved.title')}
        </Title>
        {count !== null && (
          <Badge
            size="lg"
            color={count > 0 ? 'orange' : 'gray'}
            data-testid="approval-count"
            aria-label={t('approved.waiting', { count })}
          >
            {count}
          </Badge>
        )}
      </Group>
      <Paper
        withBorder
        p="md"
        radius="md"
        component="form"
        onSubmit={(e) => {
          e.preventDefault()
          setPage(1)
          setApplied(filters)
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <NativeSelect
            label={t('approved.type')}
            data={[
              { value: '', label: t('approved.all') },
              { value: 'betweenAccounts', label: t('approved.types.betweenAccounts') },
              { value: 'p2p', label: t('approved.types.p2p') },
            ]}
            value={filters.transactionType}
            onChange={(e) => setFilters({ ...filters, transactionType: e.currentTarget.value })}
          />
          <NativeSelect
            label={t('approved.createdBy')}
            data={[{ value: '', label: t('approved.all') }, ...users]}
            value={filters.createdBy}
            onChange={(e) => setFilters({ ...filters, createdBy: e.currentTarget.value })}
          />
          <TextInput
            type="date"
            label={t('approved.fromDate')}
            value={filters.fromDate}
            onChange={(e) => setFilters({ ...filters, fromDate: e.currentTarget.value })}
          />
          <TextInput
            type="date"
            label={t('approved.toDate')}
            value={filters.toDate}
            onChange={(e) => setFilters({ ...filters, toDate: e.currentTarget.value })}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button type="submit" variant="light">
            {t('approved.filter')}
          </Button>
        </Group>
      </Paper>
      {list.status === 'loading' && <Loader aria-label={t('common:loading')} />}
      {list.status === 'failed' && (
        <Alert color="red" role="alert" title={list.failure.title ?? t('common:errors.error')}>
          {list.failure.text ?? (list.failure.title ? null : t('common:errors.server'))}
        </Alert>
      )}
      {list.status === 'ready' && list.requests.length === 0 && <Text>{t('approved.empty')}</Text>}
      {list.status === 'ready' && list.requests.length > 0 && (
        <>
          <Group>
            <Button
              onClick={() => void decide(false)}
              disabled={selected.size === 0}
              loading={busy}
            >
              {t('approved.approve', { count: selected.size })}
            </Button>
            <Button
              color="red"
              variant="light"
              onClick={() => void decide(true)}
              disabled={selected.size === 0}
              loading={busy}
            >
              {t('approved.decline', { count: selected.size })}
            </Button>
          </Group>
          {/* Phones get one card a request; wider screens the table. */}
          <Stack hiddenFrom="sm" gap="xs">
            {requests.map((r) => (
              <Paper key={r.id} withBorder p="sm" radius="md" data-testid="approval-card">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Checkbox
                    aria-label={t('approved.select', { id: r.id })}
                    checked={selected.has(r.id)}
                    onChange={() => toggle(r.id)}
                    label={`${t('approved.id')} ${r.id}`}
                  />
                  <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                    {amountText(r)}
                  </Text>
                </Group>
                <Text size="sm" c="dimmed" mt={4}>
                  {typeText(r)} · {new Date(r.created).toLocaleString()}
                </Text>
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {r.createdBy}
                </Text>
                {r.massBatchId !== undefined && <Group mt={4}>{batchActions(r)}</Group>}
              </Paper>
            ))}
          </Stack>
          <Table.ScrollContainer minWidth={560} visibleFrom="sm">
            <Table data-testid="approval-table" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Checkbox
                      aria-label={t('approved.selectAll')}
                      checked={allChecked}
                      onChange={() =>
                        setSelected(allChecked ? new Set() : new Set(requests.map((r) => r.id)))
                      }
                    />
                  </Table.Th>
                  <Table.Th>{t('approved.id')}</Table.Th>
                  <Table.Th>{t('approved.created')}</Table.Th>
                  <Table.Th>{t('approved.type')}</Table.Th>
                  <Table.Th>{t('approved.createdBy')}</Table.Th>
                  <Table.Th ta="right">{t('amount')}</Table.Th>
                  {hasBatches && <Table.Th>{t('mass:approval.column')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {requests.map((r) => (
                  <Table.Tr key={r.id} data-testid="approval-row">
                    <Table.Td>
                      <Checkbox
                        aria-label={t('approved.select', { id: r.id })}
                        checked={selected.has(r.id)}
                        onChange={() => toggle(r.id)}
                      />
                    </Table.Td>
                    <Table.Td>{r.id}</Table.Td>
                    <Table.Td>{new Date(r.created).toLocaleString()}</Table.Td>
                    <Table.Td>{typeText(r)}</Table.Td>
                    <Table.Td>{r.createdBy}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {amountText(r)}
                    </Table.Td>
                    {hasBatches && <Table.Td miw={180}>{batchActions(r)}</Table.Td>}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {list.total > pageSize && (
            <Pagination total={Math.ceil(list.total / pageSize)} value={page} onChange={setPage} />
          )}
        </>
      )}
      {code && (
        <CodeStepPopup
          approveType={code.approveType}
          sentTo={code.sentTo}
          busy={busy}
          onSubmit={(value) => void confirm(code, value)}
          onCancel={() => setCode(null)}
        />
      )}
      <OutcomePopup
        outcome={outcome}
        onClose={() => {
          setOutcome(null)
          setRetryCode(null)
        }}
        {...(retryCode && {
          onRetry: () => {
            setOutcome(null)
            setCode(retryCode)
            setRetryCode(null)
          },
        })}
      />
    </Stack>
  )
}
