// /transfer/p2p: sending money to a person by e-mail (product-spec sections 4, 5 and 7). The
// payee is checked before sending (an e-mail longer than 5 characters with '@' and '.'):
// a customer, an employee, someone not yet a customer (the money waits and they get a claim
// e-mail), or someone on the payout blacklist, who is refused. The fee is asked for only for
// an amount above 0; the three most recent P2P transfers are shown.
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  Alert,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import type { components } from '../../../generated/api.d.ts'
import { api } from '../../api/client.ts'
import { formatAmount } from '../../../shared/money.ts'
import { isPositiveAmount } from './transfer-display.ts'
import { accountLabel, useOwnAccounts } from './use-own-accounts.ts'
import { useTransferSubmit } from './use-transfer-submit.ts'
import { TransferFacts } from './transfer-facts.tsx'

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

export function Component() {
  const { t } = useTranslation(['transfers', 'common'])
  const { state, reload } = useOwnAccounts()
  const [from, setFrom] = useState('')
  const [email, setEmail] = useState('')
  const [payee, setPayee] = useState<PayeeState>('none')
  const [amount, setAmount] = useState('')
  const [fee, setFee] = useState<{ fee: string; currency: string } | null>(null)
  const [note, setNote] = useState('')
  const [reference, setReference] = useState('')
  const [recent, setRecent] = useState<Recent[] | null>(null)
  const [invalid, setInvalid] = useState<Record<string, string>>({})
  const loadRecent = () =>
    void api
      .POST('/rpc/recentTransferList', { body: { types: ['p2p'], limit: 3 } })
      .then(({ data }) => setRecent((data?.transfers ?? []).filter((r) => !r.isDisabled)))
  const submitter = useTransferSubmit(() => {
    reload()
    loadRecent()
  })
  useEffect(loadRecent, [])
  const [beneficiaries, setBeneficiaries] = useState<string[]>([])
  useEffect(() => {
    void api.POST('/rpc/p2pBeneficiaryList', { body: {} }).then(({ data }) => {
      setBeneficiaries([...new Set((data?.beneficiaries ?? []).map((b) => b.email))])
    })
  }, [])

  const accounts = state.status === 'ready' ? state.accounts : []
  const source = accounts.find((a) => String(a.accountId) === from) ?? accounts[0]

  useEffect(() => {
    const value = email.trim()
    if (!isCheckableEmail(value)) {
      setPayee('none')
      return
    }
    let cancelled = false
    setPayee('checking')
    const timer = setTimeout(() => {
      api.POST('/rpc/payeeCheck', { body: { email: value } }).then(
        ({ data }) => {
          if (cancelled) return
          setPayee(data?.responseCode === '00' ? payeeState(data) : 'error')
        },
        () => !cancelled && setPayee('error'),
      )
    }, 400)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [email])

  useEffect(() => {
    // Section 5: the P2P fee only for an amount above 0.
    if (!source || !isPositiveAmount(amount)) {
      setFee(null)
      return
    }
    let cancelled = false
    const timer = setTimeout(() => {
      void api
        .POST('/rpc/p2pTransferFeeGet', {
          body: { accountId: source.accountId, amount: amount.trim() },
        })
        .then(({ data }) => {
          if (!cancelled && data?.responseCode === '00')
            setFee({ fee: data.fee, currency: data.feeCurrencyCode })
        })
    }, 300)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [source, amount])

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const found: Record<string, string> = {}
    if (!source) found.from = t('errors.required')
    if (!isCheckableEmail(email.trim())) found.email = t('errors.email')
    else if (payee === 'blacklisted') found.email = t('p2p.payee.blacklisted')
    if (!isPositiveAmount(amount)) found.amount = t('errors.amount')
    setInvalid(found)
    if (Object.keys(found).length > 0 || !source) return
    const answer = await submitter.send((idempotencyKey) =>
      api.POST('/rpc/p2pTransferSubmit', {
        body: {
          accountId: source.accountId,
          amount: amount.trim(),
          currency: source.currencyCode,
          toEmail: email.trim(),
          ...(note.trim() && { note: note.trim() }),
          ...(reference.trim() && { reference: reference.trim() }),
          platform: 'web',
          idempotencyKey,
        },
      }),
    )
    if (answer?.responseCode === '00') {
      setAmount('')
      setNote('')
      setReference('')
    }
  }

  return (
    <Stack maw={640}>
      <Title order={1} size="h2">
        {t('p2p.title')}
      </Title>
      {state.status === 'loading' && <Loader aria-label={t('common:loading')} />}
      {state.status === 'failed' && (
        <Alert color="red" role="alert" title={state.failure.title ?? t('common:errors.error')}>
          {state.failure.text ?? (state.failure.title ? null : t('common:errors.server'))}
        </Alert>
      )}
      {state.status === 'ready' && (
        <Paper
          withBorder
          p="md"
          radius="md"
          component="form"
          onSubmit={(e) => void submit(e)}
          noValidate
        >
          <Stack>
            <NativeSelect
              label={t('account.from')}
              data={accounts.map((a) => ({
                value: String(a.accountId),
                label: accountLabel(a, formatAmount(a.balance)),
              }))}
              value={source ? String(source.accountId) : ''}
              onChange={(e) => setFrom(e.currentTarget.value)}
              error={invalid.from}
              required
            />
            {/* The people paid before are offered as the e-mail is typed: the browser's own
                suggestion list, which costs no script (Mantine's Autocomplete moved Input
                parts into the chunk the login route loads). */}
            <TextInput
              label={t('p2p.email')}
              type="email"
              list="p2p-beneficiaries"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={invalid.email}
              autoComplete="off"
              required
            />
            <datalist id="p2p-beneficiaries">
              {beneficiaries.map((address) => (
                <option key={address} value={address} />
              ))}
            </datalist>
            <PayeeNote state={payee} />
            <TextInput
              label={source ? t('amountIn', { currency: source.currencyCode }) : t('amount')}
              value={amount}
              onChange={(e) => setAmount(e.currentTarget.value)}
              inputMode="decimal"
              error={invalid.amount}
              required
            />
            <TransferFacts
              currency={source?.currencyCode ?? ''}
              facts={fee ? { fee: fee.fee, feeCurrencyCode: fee.currency } : {}}
            />
            <Textarea
              label={t('p2p.note')}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
              maxLength={1000}
              autosize
              minRows={2}
            />
            <TextInput
              label={t('p2p.reference')}
              value={reference}
              onChange={(e) => setReference(e.currentTarget.value)}
              maxLength={256}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={submitter.busy} disabled={payee === 'blacklisted'}>
                {t('submit')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      <RecentTransfers
        recent={recent}
        onRepeat={(r) => {
          if (r.destination) setEmail(r.destination)
          if (r.amount !== undefined) setAmount(formatAmount(r.amount))
          window.scrollTo({ top: 0 })
        }}
      />
      {submitter.popups}
    </Stack>
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
                  {r.amount !== undefined
                    ? `${formatAmount(r.amount)} ${r.currencyCode ?? ''}`
                    : ''}
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
