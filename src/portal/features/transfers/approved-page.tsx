// /transfer/approved: the business approval queue (product-spec sections 4, 6 and 9). An
// approver filters the requests the company's initiators created, 50 a page, ticks one or
// many and approves or declines them; when the approver's own approval mode asks for a code
// the code popup follows (businessTransactionConfirm). The count of waiting requests heads
// the page. The requests of a mass batch are approved or declined as a whole
// (businessTransactionMassApprove, section 6). The page is a shell: the queue's state is in
// approved-queue.ts, the decisions in approved-decisions.ts, the parts in approved-*.tsx.
import { useTranslation } from 'react-i18next'
import { Alert, Badge, Button, Group, Pagination, Stack, Text, Title } from '@mantine/core'
import { CodeStepPopup, OutcomePopup } from '../../components/transfer/transfer-popups.tsx'
import { approvalPageSize, useApprovalQueue } from './approved-queue.ts'
import { useApprovalDecisions } from './approved-decisions.ts'
import { ApprovalFilterForm } from './approved-filters.tsx'
import { ApprovalCards, ApprovalTable } from './approved-requests.tsx'
import { Loading } from '../../components/loading.tsx'

function ApprovalHeading({ count }: { count: number | null }) {
  const { t } = useTranslation(['transfers', 'mass', 'common'])
  return (
    <Group gap="sm">
      <Title order={1} size="h2">
        {t('approved.title')}
      </Title>
      {count !== null && (
        <Badge
          size="lg"
          variant="light"
          color={count > 0 ? 'orange' : 'gray'}
          data-testid="approval-count"
          aria-label={t('approved.waiting', { count })}
        >
          {count}
        </Badge>
      )}
    </Group>
  )
}

export function Component() {
  const { t } = useTranslation(['transfers', 'mass', 'common'])
  const queue = useApprovalQueue()
  const { list, selected } = queue
  const decisions = useApprovalDecisions(selected, queue.load)
  const { busy, code } = decisions
  const requestsProps = {
    requests: list.status === 'ready' ? list.requests : [],
    selected,
    onSelect: queue.setSelected,
    busy,
    onDecideBatch: (batchId: number, declined: boolean) =>
      void decisions.decideBatch(batchId, declined),
  }

  return (
    <Stack>
      <ApprovalHeading count={queue.count} />
      <ApprovalFilterForm users={queue.users} onApply={queue.applyFilters} />
      {list.status === 'loading' && <Loading />}
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
              onClick={() => void decisions.decide(false)}
              disabled={selected.size === 0}
              loading={busy}
            >
              {t('approved.approve', { count: selected.size })}
            </Button>
            <Button
              color="red"
              variant="light"
              onClick={() => void decisions.decide(true)}
              disabled={selected.size === 0}
              loading={busy}
            >
              {t('approved.decline', { count: selected.size })}
            </Button>
          </Group>
          <ApprovalCards {...requestsProps} />
          <ApprovalTable {...requestsProps} />
          {list.total > approvalPageSize && (
            <Pagination
              total={Math.ceil(list.total / approvalPageSize)}
              value={queue.page}
              onChange={queue.setPage}
            />
          )}
        </>
      )}
      {code && (
        <CodeStepPopup
          approveType={code.approveType}
          sentTo={code.sentTo}
          busy={busy}
          onSubmit={(value) => void decisions.confirm(code, value)}
          onCancel={decisions.cancelCode}
        />
      )}
      <OutcomePopup
        outcome={decisions.outcome}
        onClose={decisions.closeOutcome}
        {...(decisions.retry && { onRetry: decisions.retry })}
      />
    </Stack>
  )
}
