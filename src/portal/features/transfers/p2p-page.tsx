// /transfer/p2p: sending money to a person by e-mail (product-spec sections 4, 5 and 7). The
// payee is checked before sending (an e-mail longer than 5 characters with '@' and '.'):
// a customer, an employee, someone not yet a customer (the money waits and they get a claim
// e-mail), or someone on the payout blacklist, who is refused. The fee is asked for only for
// an amount above 0; the three most recent P2P transfers are shown.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useDebouncedValue } from '@mantine/hooks'
import { Alert, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core'
import type { components } from '../../../generated/api.d.ts'
import { api } from '../../api/client.ts'
import { callRpc, useOperationQuery } from '../../api/operation-query.ts'
import { useMoney } from '../../i18n/use-money.ts'
import { formatAmount } from '../../../shared/money.ts'
import { isPositiveAmount } from '../../components/transfer/transfer-display.ts'
import { useOwnAccounts } from '../../components/transfer/use-own-accounts.ts'
import { useTransferSubmit } from './use-transfer-submit.ts'
import { TransferFacts } from './transfer-facts.tsx'
import { feeNow, useReviewLines } from './transfer-review.tsx'
import {
  AccountSelect,
  AmountInput,
  readyAccounts,
  TransferPageShell,
  useFeeQuote,
} from './transfer-shell.tsx'
import { ResponseCode, TransferType } from '../../../generated/constants.ts'

type Payee = components['schemas']['EmailCheckResult']
type Recent = components['schemas']['RecentTransfer']
type PayeeState =
  'none' | 'checking' | 'customer' | 'employee' | 'notCustomer' | 'blacklisted' | 'error'

/** Section 5: only an e-mail longer than 5 characters with '@' and '.' is looked up. */
export const isCheckableEmail = (email: string) =>
  email.length > 5 && email.includes('@') && email.includes('.')

function payeeState(payee: Payee): PayeeState {
  if (payee.outBlacklist === false) return 'blacklisted'
  if (!payee.exists) return 'notCustomer'
  return payee.isEmployee ? 'employee' : 'customer'
}

/** How long typing must pause before the payee is looked up. */
const payeeDebounceMs = 400

/** The payee check of what is typed, once typing pauses (section 5). */
function usePayee(email: string): PayeeState {
  const value = email.trim()
  const checkable = isCheckableEmail(value)
  const [settled] = useDebouncedValue(value, payeeDebounceMs)
  const ready = checkable && settled === value
  const query = useOperationQuery('payeeCheck', { email: settled }, { enabled: ready })
  if (!checkable) return 'none'
  if (!ready || query.isPending) return 'checking'
  if (query.isError) return 'error'
  const { data } = query.data
  return data?.responseCode === ResponseCode.Success ? payeeState(data) : 'error'
}

type Translate = ReturnType<typeof useTranslation>['t']

/** The payee as the server names them now (payeeCheck's payeeName), with the e-mail typed. */
export async function recipientOf(t: Translate, email: string): Promise<string> {
  const { data } = await callRpc('payeeCheck', { email }).catch(() => ({ data: undefined }))
  if (data?.responseCode !== ResponseCode.Success) return email
  if (data.payeeName) return t('review.recipientNamed', { name: data.payeeName, email })
  return data.exists ? email : t('review.recipientNew', { email })
}

/** The three most recent P2P transfers, and the people paid before for the e-mail field. */
function useP2pHistory() {
  const recent = useOperationQuery('recentTransferList', { types: [TransferType.P2p], limit: 3 })
  const beneficiaries = useOperationQuery('p2pBeneficiaryList', {})
  return {
    recent: recent.data ? (recent.data.data?.transfers ?? []).filter((r) => !r.isDisabled) : null,
    beneficiaries: [
      ...new Set((beneficiaries.data?.data?.beneficiaries ?? []).map((b) => b.email)),
    ],
  }
}

interface P2pFields {
  email: string
  amount: string
  note: string
  reference: string
}

const emptyFields: P2pFields = { email: '', amount: '', note: '', reference: '' }

/** The form's fields, its checks before sending and the send itself (section 5). */
function useP2pForm() {
  const { t } = useTranslation(['transfers', 'common'])
  const { state } = useOwnAccounts()
  const [from, setFrom] = useState('')
  const [fields, setFields] = useState<P2pFields>(emptyFields)
  const set = (part: Partial<P2pFields>) => setFields((old) => ({ ...old, ...part }))
  const [invalid, setInvalid] = useState<Record<string, string>>({})
  const submitter = useTransferSubmit()
  const payee = usePayee(fields.email)
  const reviewLines = useReviewLines()

  const accounts = readyAccounts(state)
  const source = accounts.find((a) => String(a.accountId) === from) ?? accounts[0]
  const { email, amount } = fields
  // Section 5: the P2P fee only for an amount above 0.
  const fee = useFeeQuote(
    'p2pTransferFeeGet',
    source && isPositiveAmount(amount)
      ? { accountId: source.accountId, amount: amount.trim() }
      : null,
  )

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const found: Record<string, string> = {}
    if (!source) found.from = t('errors.required')
    if (!isCheckableEmail(email.trim())) found.email = t('errors.email')
    else if (payee === 'blacklisted') found.email = t('p2p.payee.blacklisted')
    if (!isPositiveAmount(amount)) found.amount = t('errors.amount')
    setInvalid(found)
    if (Object.keys(found).length > 0 || !source) return
    const { note, reference } = fields
    const to = email.trim()
    const request = { accountId: source.accountId, amount: amount.trim() }
    await submitter.openReview(
      async () =>
        reviewLines({
          amount: request.amount,
          currency: source.currencyCode,
          fee: await feeNow('p2pTransferFeeGet', request),
          theyGet: { amount: request.amount, currency: source.currencyCode },
          recipient: await recipientOf(t, to),
          arrives: t('review.arrival.instant'),
        }),
      (idempotencyKey) =>
        api.POST('/rpc/p2pTransferSubmit', {
          body: {
            accountId: source.accountId,
            amount: amount.trim(),
            currency: source.currencyCode,
            toEmail: to,
            ...(note.trim() && { note: note.trim() }),
            ...(reference.trim() && { reference: reference.trim() }),
            platform: 'web',
            idempotencyKey,
          },
        }),
      (answer) => {
        if (answer?.responseCode === ResponseCode.Success)
          set({ amount: '', note: '', reference: '' })
      },
    )
  }

  return { state, accounts, source, setFrom, fields, set, invalid, submitter, payee, fee, submit }
}

export function Component() {
  const { t } = useTranslation(['transfers', 'common'])
  const form = useP2pForm()
  const { source, fields, set, invalid, payee } = form
  const { recent, beneficiaries } = useP2pHistory()

  return (
    <TransferPageShell
      title={t('p2p.title')}
      accounts={form.state}
      submitter={form.submitter}
      onSubmit={(e) => void form.submit(e)}
      submitDisabled={payee === 'blacklisted'}
      after={
        <RecentTransfers
          recent={recent}
          onRepeat={(r) => {
            if (r.destination) set({ email: r.destination })
            if (r.amount !== undefined) set({ amount: formatAmount(r.amount) })
            window.scrollTo({ top: 0 })
          }}
        />
      }
    >
      <AccountSelect
        label={t('account.from')}
        accounts={form.accounts}
        value={source ? String(source.accountId) : ''}
        onChange={form.setFrom}
        error={invalid.from}
      />
      <PayeeEmailInput
        value={fields.email}
        onChange={(email) => set({ email })}
        error={invalid.email}
        beneficiaries={beneficiaries}
      />
      <PayeeNote state={payee} />
      <AmountInput
        currency={source?.currencyCode}
        value={fields.amount}
        onChange={(value) => set({ amount: value })}
        error={invalid.amount}
      />
      <TransferFacts currency={source?.currencyCode ?? ''} facts={form.fee} />
      <Textarea
        label={t('p2p.note')}
        value={fields.note}
        onChange={(e) => set({ note: e.currentTarget.value })}
        maxLength={1000}
        autosize
        minRows={2}
      />
      <TextInput
        label={t('p2p.reference')}
        value={fields.reference}
        onChange={(e) => set({ reference: e.currentTarget.value })}
        maxLength={256}
      />
    </TransferPageShell>
  )
}

interface PayeeEmailInputProps {
  value: string
  onChange: (email: string) => void
  error: string | undefined
  /** The e-mails of the people paid before. */
  beneficiaries: string[]
}

function PayeeEmailInput({ value, onChange, error, beneficiaries }: PayeeEmailInputProps) {
  const { t } = useTranslation(['transfers', 'common'])
  // The people paid before are offered as the e-mail is typed: the browser's own suggestion
  // list, which costs no script (Mantine's Autocomplete moved Input parts into the chunk the
  // login route loads).
  return (
    <>
      <TextInput
        label={t('p2p.email')}
        type="email"
        list="p2p-beneficiaries"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={error}
        autoComplete="off"
        required
      />
      <datalist id="p2p-beneficiaries">
        {beneficiaries.map((address) => (
          <option key={address} value={address} />
        ))}
      </datalist>
    </>
  )
}

function PayeeNote({ state }: { state: PayeeState }) {
  const { t } = useTranslation('transfers')
  if (state === 'none') return null
  if (state === 'checking')
    return (
      <Text size="sm" c="dimmed">
        {t('p2p.payee.checking')}
      </Text>
    )
  const color = {
    customer: 'green',
    employee: 'blue',
    notCustomer: 'yellow',
    blacklisted: 'red',
    error: 'red',
  }[state]
  return (
    <Alert color={color} role="status" data-testid="payee-note" data-state={state} p="xs">
      {t(`p2p.payee.${state}`)}
    </Alert>
  )
}

function RecentTransfers({
  recent,
  onRepeat,
}: {
  recent: Recent[] | null
  /** Fills the form with a recent transfer's payee and amount, to send it again. */
  onRepeat(transfer: Recent): void
}) {
  const { t } = useTranslation('transfers')
  const money = useMoney()
  if (recent === null) return null
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">
        {t('p2p.recent')}
      </Title>
      {recent.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('p2p.noRecent')}
        </Text>
      ) : (
        <Stack gap="xs" data-testid="recent-p2p">
          {recent.map((r) => (
            <Group key={r.transactionId} justify="space-between" wrap="nowrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" truncate="end">
                  {r.destination ?? r.beneficiaryName}
                </Text>
                <Text size="sm" fw={600}>
                  {r.amount !== undefined ? money(r.amount, r.currencyCode) : ''}
                </Text>
              </div>
              <Button
                size="compact-sm"
                variant="subtle"
                style={{ flexShrink: 0 }}
                onClick={() => onRepeat(r)}
              >
                {t('p2p.repeat')}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  )
}
