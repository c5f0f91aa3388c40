// The steps of the global pay batch page (global-batch-page.tsx): the upload (with the '92'
// question when the same file was sent before), the draft table with its totals, the code
// step and the outcome. Server state is read and changed through the operation query cache.
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import type { components } from '../../../generated/api.d.ts'
import { ResponseCode } from '../../../generated/constants.ts'
import { useMoney } from '../../i18n/use-money.ts'
import { useCountryName } from '../../i18n/country-names.ts'
import { useOperationMutation, useOperationQuery } from '../../api/operation-query.ts'
import {
  failureText,
  isPositiveAmount,
  newIdempotencyKey,
  type FailureText,
  type TransferAnswer,
} from '../../components/transfer/transfer-display.ts'
import { useOwnAccounts } from '../../components/transfer/use-own-accounts.ts'
import { Loading } from '../../components/loading.tsx'
import { Item, RowErrors, rowErrorsOf, SampleLink, SourceAccount } from './mass-parts.tsx'
import { postFields } from './mass-upload.ts'
import type { MassAccess } from './use-mass-access.ts'

type Batch = components['schemas']['GlobalPayBatch']
type Payment = components['schemas']['GlobalPayPayment']
export type Submitted = components['schemas']['GlobalSubmitResult']
type UploadAnswer = TransferAnswer & { batchId?: number; date?: string }

function Failure({ failure }: { failure: (FailureText & { answer?: TransferAnswer }) | null }) {
  const { t } = useTranslation('common')
  if (!failure) return null
  return (
    <Alert color="red" role="alert" title={failure.title ?? t('errors.error')}>
      {failure.text ?? (failure.title ? null : t('errors.server'))}
      {failure.answer && <RowErrors errors={rowErrorsOf(failure.answer)} />}
    </Alert>
  )
}

/** The upload's state: the answer '92' keeps the question, a refusal its rows. */
function useBatchUpload(onUploaded: (batchId: number) => void) {
  const { t } = useTranslation(['mass', 'common'])
  const [busy, setBusy] = useState(false)
  const [identical, setIdentical] = useState<UploadAnswer | null>(null)
  const [failure, setFailure] = useState<(FailureText & { answer?: TransferAnswer }) | null>(null)
  async function upload(fields: Record<string, string>, file: File | null) {
    if (!file) return setFailure({ title: t('errors.file'), text: null })
    setBusy(true)
    setFailure(null)
    setIdentical(null)
    try {
      const { data, status } = await postFields<UploadAnswer>(
        'globalPayBatchUpload',
        { ...fields, batchName: fields.batchName || file.name },
        { name: 'attachedFile', value: file },
      )
      if (data?.responseCode === ResponseCode.Success && data.batchId) onUploaded(data.batchId)
      else if (data?.responseCode === ResponseCode.NeedsConfirmation) setIdentical(data)
      else setFailure({ ...failureText(data, status), ...(data ? { answer: data } : {}) })
    } catch {
      setFailure({ title: null, text: t('common:errors.network') })
    } finally {
      setBusy(false)
    }
  }
  return { busy, identical, failure, upload }
}

function IdenticalQuestion(props: { answer: UploadAnswer; busy: boolean; onAnyway(): void }) {
  const { t } = useTranslation('global-batch')
  return (
    <Alert color="yellow" role="alert" title={t('identical.title')}>
      <Stack gap="xs">
        <Text size="sm">
          {t('identical.text', {
            batchId: props.answer.batchId,
            date: new Date(props.answer.date ?? '').toLocaleString(),
          })}
        </Text>
        <Group>
          <Button size="xs" onClick={props.onAnyway} loading={props.busy}>
            {t('identical.anyway')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}

export function BatchUpload(props: { access: MassAccess; onUploaded(batchId: number): void }) {
  const { t } = useTranslation(['global-batch', 'mass'])
  const { state } = useOwnAccounts()
  const [name, setName] = useState('')
  const [from, setFrom] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const { busy, identical, failure, upload } = useBatchUpload(props.onUploaded)
  const accounts = state.status === 'ready' ? state.accounts : []
  const source = accounts.find((a) => String(a.accountId) === from) ?? accounts[0]
  const send = (ignoreIdenticalBatch: boolean) =>
    void upload(
      {
        batchName: name.trim(),
        accountId: String(source?.accountId ?? ''),
        ignoreIdenticalBatch: String(ignoreIdenticalBatch),
      },
      file,
    )
  if (state.status === 'loading') return <Loading />
  return (
    <Stack>
      <Paper withBorder p="md" radius="md">
        <Stack>
          <TextInput
            label={t('batchName')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <SourceAccount
            accounts={accounts}
            value={source ? String(source.accountId) : ''}
            onChange={setFrom}
          />
          <FileInput
            label={t('mass:file')}
            placeholder={t('mass:chooseFile')}
            value={file}
            onChange={setFile}
            clearable
            required
          />
          <Text size="xs" c="dimmed">
            {t('columns')}
          </Text>
          <Group justify="space-between" wrap="wrap">
            <SampleLink kind="global" access={props.access} />
            <Button onClick={() => send(false)} loading={busy}>
              {t('upload')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {identical && (
        <IdenticalQuestion answer={identical} busy={busy} onAnyway={() => send(true)} />
      )}
      <Failure failure={failure} />
    </Stack>
  )
}

function Totals({ batch }: { batch: Batch }) {
  const { t } = useTranslation('global-batch')
  const money = useMoney()
  const currency = batch.currencyCode ?? ''
  return (
    <Paper withBorder p="md" radius="md" data-testid="batch-totals">
      <Title order={2} size="h4" mb="sm">
        {t('review')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Item label={t('totals.count')} value={String(batch.paymentCount ?? 0)} />
        <Item label={t('totals.amount')} value={money(batch.totalAmount ?? '0', currency)} />
        <Item label={t('totals.fee')} value={money(batch.totalFee ?? '0', currency)} />
        <Item label={t('totals.total')} value={money(batch.total ?? '0', currency)} />
      </SimpleGrid>
    </Paper>
  )
}

function PaymentRow(props: { batchId: number; payment: Payment; onFailure(f: FailureText): void }) {
  const { t } = useTranslation('global-batch')
  const money = useMoney()
  const countryName = useCountryName()
  const { payment, batchId } = props
  const options = { invalidates: ['globalPayBatchGet' as const] }
  const remove = useOperationMutation('globalPayBatchPaymentRemove', options)
  const restore = useOperationMutation('globalPayBatchPaymentRestore', options)
  const update = useOperationMutation('globalPayBatchPaymentUpdate', options)
  const done = (answer: { data?: TransferAnswer; status: number }) => {
    if (answer.data?.responseCode !== ResponseCode.Success)
      props.onFailure(failureText(answer.data, answer.status))
  }
  const body = { batchId, paymentId: payment.id }
  const removed = payment.isRemoved === true
  return (
    <Table.Tr data-testid={`payment-${payment.id}`} opacity={removed ? 0.55 : 1}>
      <Table.Td>
        <Text size="sm" fw={600}>
          {payment.beneficiaryName}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {payment.beneficiaryEmail}
        </Text>
      </Table.Td>
      <Table.Td>{countryName(payment.beneficiaryCountryCode ?? '')}</Table.Td>
      <Table.Td ta="end">
        {removed ? (
          money(payment.amount, payment.currencyCode ?? '')
        ) : (
          <AmountCell
            amount={payment.amount}
            currency={payment.currencyCode ?? ''}
            onSave={(amount) =>
              void update.mutateAsync({ ...body, payment: { amount } }).then(done)
            }
          />
        )}
      </Table.Td>
      <Table.Td>
        <NativeSelect
          aria-label={t('feeSide.label')}
          size="xs"
          disabled={removed}
          value={payment.feeShare ?? 'sender'}
          data={[
            { value: 'sender', label: t('feeSide.sender') },
            { value: 'beneficiary', label: t('feeSide.beneficiary') },
          ]}
          onChange={(e) => {
            const feeShare = e.currentTarget.value as 'sender' | 'beneficiary'
            void update.mutateAsync({ ...body, payment: { feeShare } }).then(done)
          }}
        />
      </Table.Td>
      <Table.Td>
        {removed ? (
          <Group gap="xs" wrap="nowrap">
            <Badge color="gray">{t('removed')}</Badge>
            <Button
              size="xs"
              variant="light"
              onClick={() => void restore.mutateAsync(body).then(done)}
            >
              {t('restore')}
            </Button>
          </Group>
        ) : (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => void remove.mutateAsync(body).then(done)}
          >
            {t('remove')}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  )
}

/** The amount of a payment, edited in place and saved when the field is left or Enter is hit. */
function AmountCell(props: { amount: string; currency: string; onSave(amount: string): void }) {
  const { t } = useTranslation('global-batch')
  const [value, setValue] = useState(props.amount)
  const save = () => {
    const amount = value.trim()
    if (amount !== props.amount && isPositiveAmount(amount)) props.onSave(amount)
    else setValue(props.amount)
  }
  return (
    <TextInput
      size="xs"
      w={120}
      ml="auto"
      aria-label={t('table.amount')}
      inputMode="decimal"
      value={value}
      rightSection={<Text size="xs">{props.currency}</Text>}
      rightSectionWidth={42}
      onChange={(e) => setValue(e.currentTarget.value)}
      onBlur={save}
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.currentTarget.blur()
      }}
    />
  )
}

function PaymentTable({ batch, onFailure }: { batch: Batch; onFailure(f: FailureText): void }) {
  const { t } = useTranslation('global-batch')
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs" data-testid="batch-payments">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('table.beneficiary')}</Table.Th>
              <Table.Th>{t('table.country')}</Table.Th>
              <Table.Th ta="end">{t('table.amount')}</Table.Th>
              <Table.Th>{t('feeSide.label')}</Table.Th>
              <Table.Th>{t('table.action')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(batch.payments ?? []).map((payment) => (
              <PaymentRow
                key={payment.id}
                batchId={batch.batchId}
                payment={payment}
                onFailure={onFailure}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  )
}

export function BatchDraft(props: {
  batchId: number
  onSubmitted(answer: Submitted): void
  onCancelled(): void
}) {
  const { t } = useTranslation(['global-batch', 'common'])
  const query = useOperationQuery('globalPayBatchGet', { batchId: props.batchId })
  const submit = useOperationMutation('globalPayBatchSubmit')
  const cancel = useOperationMutation('globalPayBatchCancel')
  const key = useRef(newIdempotencyKey())
  const [failure, setFailure] = useState<FailureText | null>(null)
  const batch = query.data?.data?.batch
  if (!batch) return query.isPending ? <Loading /> : <Failure failure={failureText(undefined)} />

  async function send() {
    setFailure(null)
    const answer = await submit.mutateAsync({ batchId: props.batchId, idempotencyKey: key.current })
    const data = answer.data as (Submitted & TransferAnswer) | undefined
    if (data?.responseCode === ResponseCode.Success) props.onSubmitted(data)
    else setFailure(failureText(data, answer.status))
  }
  async function drop() {
    const answer = await cancel.mutateAsync({ batchId: props.batchId })
    if (answer.data?.responseCode === ResponseCode.Success) props.onCancelled()
    else setFailure(failureText(answer.data, answer.status))
  }
  return (
    <Stack>
      <Text fw={600}>{t('draftOf', { name: batch.batchName, batchId: batch.batchId })}</Text>
      <PaymentTable batch={batch} onFailure={setFailure} />
      <Totals batch={batch} />
      <Text size="sm" c="dimmed">
        {t('held')}
      </Text>
      <Failure failure={failure} />
      {/* On a narrow screen the submit button wraps above the cancel button. */}
      <Group justify="space-between" wrap="wrap-reverse">
        <Button variant="default" onClick={() => void drop()} loading={cancel.isPending}>
          {t('cancel')}
        </Button>
        <Button
          onClick={() => void send()}
          loading={submit.isPending}
          disabled={(batch.paymentCount ?? 0) === 0}
        >
          {t('submit')}
        </Button>
      </Group>
    </Stack>
  )
}

export function CodeStep(props: { batchId: number; submitted: Submitted; onApproved(): void }) {
  const { t } = useTranslation('global-batch')
  const approve = useOperationMutation('globalPayBatchApprove')
  const key = useRef(newIdempotencyKey())
  const [code, setCode] = useState('')
  const [failure, setFailure] = useState<FailureText | null>(null)
  async function send(event: React.FormEvent) {
    event.preventDefault()
    setFailure(null)
    const answer = await approve.mutateAsync({
      operationId: props.submitted.operationId,
      approvalCode: code.trim(),
      idempotencyKey: key.current,
    })
    if (answer.data?.responseCode === ResponseCode.Success) props.onApproved()
    else setFailure(failureText(answer.data, answer.status))
  }
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={(e) => void send(e)}>
      <Stack>
        <Title order={2} size="h4">
          {t('code.title')}
        </Title>
        <Text size="sm">
          {props.submitted.approvalSentTo
            ? t('code.sentTo', { to: props.submitted.approvalSentTo })
            : t('code.fromApp')}
        </Text>
        <TextInput
          label={t('code.label')}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          required
        />
        <Failure failure={failure} />
        <Group justify="flex-end">
          <Button type="submit" loading={approve.isPending}>
            {t('code.approve')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}

export function BatchOutcome(props: { batchId: number; onAnother(): void }) {
  const { t } = useTranslation('global-batch')
  const status = useOperationQuery('globalPayBatchStatusGet', { batchId: props.batchId })
  const value = status.data?.data?.status
  if (!value) return <Loading />
  const waiting = value === 'submitted'
  return (
    <Alert
      color={waiting ? 'yellow' : 'green'}
      title={waiting ? t('outcome.waitingTitle') : t('outcome.sentTitle')}
      data-testid="batch-outcome"
    >
      <Stack gap="xs">
        <Text size="sm">{waiting ? t('outcome.waiting') : t('outcome.sent')}</Text>
        <Group>
          <Button size="xs" variant="light" onClick={props.onAnother}>
            {t('outcome.another')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}
