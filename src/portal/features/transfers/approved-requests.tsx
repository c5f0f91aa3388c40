// The requests of one queue page on /transfer/approved: phones get one card a request, wider
// screens the table. Both tick the same selection and offer the batch buttons of a mass
// batch's requests (product-spec section 6).
import type { Dispatch, SetStateAction } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge, Button, Checkbox, Group, Paper, Stack, Table, Text } from '@mantine/core'
import { useMoney } from '../../i18n/use-money.ts'
import type { ApprovalRequest } from './approved-queue.ts'
import { ScrollTable } from '../../components/scroll-table.tsx'

export interface ApprovalRequestsProps {
  requests: ApprovalRequest[]
  selected: Set<number>
  onSelect: Dispatch<SetStateAction<Set<number>>>
  busy: boolean
  onDecideBatch: (batchId: number, declined: boolean) => void
}

function useRequestTexts() {
  const { t, i18n } = useTranslation(['transfers', 'mass', 'common'])
  const money = useMoney()
  const typeText = (r: ApprovalRequest) =>
    t(`approved.types.${r.transactionType}`, { defaultValue: r.transactionType })
  const amountText = (r: ApprovalRequest) =>
    r.amount !== undefined ? money(r.amount, r.currencyCode) : ''
  const dateText = (value: string) => new Date(value).toLocaleString(i18n.language)
  return { t, typeText, amountText, dateText }
}

function toggled(selected: Set<number>, id: number): Set<number> {
  const next = new Set(selected)
  if (next.has(id)) next.delete(id)
  else next.add(id)
  return next
}

interface BatchActionsProps {
  request: ApprovalRequest
  busy: boolean
  onDecideBatch: (batchId: number, declined: boolean) => void
}

function BatchActions({ request, busy, onDecideBatch }: BatchActionsProps) {
  const { t } = useTranslation(['transfers', 'mass', 'common'])
  const batchId = request.massBatchId
  if (batchId === undefined) return null
  return (
    <Group gap={4} wrap="wrap" data-testid="batch-actions">
      <Badge variant="light" color="grape" style={{ flexShrink: 0, overflow: 'visible' }}>
        {t('mass:approval.batch', { id: batchId })}
      </Badge>
      <Button
        size="compact-xs"
        style={{ flexShrink: 0 }}
        onClick={() => onDecideBatch(batchId, false)}
        loading={busy}
      >
        {t('mass:approval.approve')}
      </Button>
      <Button
        size="compact-xs"
        color="red"
        variant="light"
        style={{ flexShrink: 0 }}
        onClick={() => onDecideBatch(batchId, true)}
        loading={busy}
      >
        {t('mass:approval.decline')}
      </Button>
    </Group>
  )
}

export function ApprovalCards(props: ApprovalRequestsProps) {
  const { requests, selected, onSelect } = props
  const { t, typeText, amountText, dateText } = useRequestTexts()
  return (
    <Stack hiddenFrom="sm" gap="xs">
      {requests.map((r) => (
        <Paper key={r.id} withBorder p="sm" radius="md" data-testid="approval-card">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Checkbox
              aria-label={t('approved.select', { id: r.id })}
              checked={selected.has(r.id)}
              onChange={() => onSelect((old) => toggled(old, r.id))}
              label={`${t('approved.id')} ${r.id}`}
            />
            <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
              {amountText(r)}
            </Text>
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            {typeText(r)} · {dateText(r.created)}
          </Text>
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            {r.createdBy}
          </Text>
          {r.massBatchId !== undefined && (
            <Group mt={4}>
              <BatchActions request={r} busy={props.busy} onDecideBatch={props.onDecideBatch} />
            </Group>
          )}
        </Paper>
      ))}
    </Stack>
  )
}

export function ApprovalTable(props: ApprovalRequestsProps) {
  const { requests, selected, onSelect } = props
  const { t, typeText, amountText, dateText } = useRequestTexts()
  const hasBatches = requests.some((r) => r.massBatchId !== undefined)
  const allChecked = requests.length > 0 && requests.every((r) => selected.has(r.id))
  return (
    <ScrollTable minWidth={560} visibleFrom="sm" label={t('approved.title')}>
      <Table data-testid="approval-table" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Checkbox
                aria-label={t('approved.selectAll')}
                checked={allChecked}
                onChange={() =>
                  onSelect(allChecked ? new Set() : new Set(requests.map((r) => r.id)))
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
                  onChange={() => onSelect((old) => toggled(old, r.id))}
                />
              </Table.Td>
              <Table.Td>{r.id}</Table.Td>
              <Table.Td>{dateText(r.created)}</Table.Td>
              <Table.Td>{typeText(r)}</Table.Td>
              <Table.Td>{r.createdBy}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {amountText(r)}
              </Table.Td>
              {hasBatches && (
                <Table.Td miw={180}>
                  <BatchActions request={r} busy={props.busy} onDecideBatch={props.onDecideBatch} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  )
}
