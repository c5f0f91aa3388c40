// /transfer/account: moving money between the customer's own accounts, once or as a
// recurring subscription (product-spec sections 3 and 4). The fee is asked for only when
// amount, source and target are set, the maximum and the limits when both accounts are
// (section 5); an exchange estimate shows when the currencies differ.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DateField } from '../../components/date-field.tsx'
import { Checkbox, Group, NativeSelect, NumberInput, Radio, Stack } from '@mantine/core'
import type { components } from '../../../generated/api.d.ts'
import { api } from '../../api/client.ts'
import { callRpc, useOperationQuery } from '../../api/operation-query.ts'
import { isPositiveAmount } from '../../components/transfer/transfer-display.ts'
import {
  convertedEstimate,
  useOwnAccounts,
  type Account,
} from '../../components/transfer/use-own-accounts.ts'
import { useTransferSubmit, type TransferSubmit } from './use-transfer-submit.ts'
import { TransferFacts, type Facts } from './transfer-facts.tsx'
import { feeNow, useReviewLines } from './transfer-review.tsx'
import {
  AccountSelect,
  AmountInput,
  readyAccounts,
  TransferPageShell,
  useFeeQuote,
} from './transfer-shell.tsx'
import { ResponseCode } from '../../../generated/constants.ts'

type Frequency = components['schemas']['SubscriptionFrequency']

interface Recurrence {
  on: boolean
  frequency: Frequency
  endBy: 'date' | 'count'
  endDate: string
  count: number | string
}

/** Maximum, limits and exchange rate for the pair of accounts; the fee for the amount too. */
function usePairFacts(source: Account | undefined, target: Account | undefined, amount: string) {
  const pair = source && target
  const ids = { fromAccountId: source?.accountId ?? 0, toAccountId: target?.accountId ?? 0 }
  const enabled = { enabled: Boolean(pair) }
  const max = useOperationQuery('maxAmountGet', { operation: 'betweenAccounts', ...ids }, enabled)
  const limits = useOperationQuery(
    'customerLimitsGet',
    { type: 'betweenAccounts', ...ids },
    enabled,
  )
  const rate = useOperationQuery(
    'exchangeRateGet',
    { fromCurrencyCode: source?.currencyCode ?? '', toCurrencyCode: target?.currencyCode ?? '' },
    enabled,
  )
  // Section 5: the fee needs amount, source and target.
  const fee = useFeeQuote(
    'betweenAccountsFeeGet',
    pair && isPositiveAmount(amount) ? { amount: amount.trim(), ...ids } : null,
  )
  const facts: Facts = pair
    ? {
        max: max.data?.data?.maxAmount,
        limits: limits.data?.data?.limits,
        rate: rate.data?.data?.exchangeRate?.rate,
        ...fee,
      }
    : {}
  return facts
}

/** The customer's rate now between two currencies; undefined for one currency. */
async function rateNow(from: string, to: string): Promise<string | undefined> {
  if (from === to) return undefined
  const { data } = await callRpc('exchangeRateGet', {
    fromCurrencyCode: from,
    toCurrencyCode: to,
  }).catch(() => ({ data: undefined }))
  return data?.exchangeRate?.rate
}

/** Checks the form and sends it; an accepted transfer clears the amount. */
function useBetweenAccountsSubmit(
  form: {
    source: Account | undefined
    target: Account | undefined
    amount: string
    recurrence: Recurrence
  },
  page: {
    submitter: TransferSubmit
    setInvalid(found: Record<string, string>): void
    clearAmount(): void
  },
) {
  const { t } = useTranslation('transfers')
  const reviewLines = useReviewLines()
  const { source, target, amount, recurrence } = form
  const { submitter, setInvalid } = page
  function check(): Record<string, string> {
    const found: Record<string, string> = {}
    if (!source) found.from = t('errors.required')
    if (!target) found.to = t('errors.required')
    if (source && target && source.accountId === target.accountId)
      found.to = t('errors.sameAccount')
    if (!isPositiveAmount(amount)) found.amount = t('errors.amount')
    const { on, endBy, endDate, count } = recurrence
    if (on && endBy === 'date' && !endDate) found.endDate = t('errors.required')
    if (on && endBy === 'count' && !(Number(count) >= 1)) found.count = t('errors.required')
    return found
  }

  return async function submit(event: React.FormEvent) {
    event.preventDefault()
    const found = check()
    setInvalid(found)
    if (Object.keys(found).length > 0 || !source || !target) return
    const ids = { fromAccountId: source.accountId, toAccountId: target.accountId }
    await submitter.openReview(
      async () => {
        const sent = amount.trim()
        const rate = await rateNow(source.currencyCode, target.currencyCode)
        const theyGet = rate ? convertedEstimate(sent, rate) : sent
        return reviewLines({
          amount: sent,
          currency: source.currencyCode,
          fee: await feeNow('betweenAccountsFeeGet', { amount: sent, ...ids }),
          ...(theyGet && { theyGet: { amount: theyGet, currency: target.currencyCode } }),
          rate,
          recipient: t('review.ownAccount', {
            account: target.accountId,
            currency: target.currencyCode,
          }),
          arrives: t('review.arrival.instant'),
        })
      },
      (idempotencyKey) =>
        api.POST('/rpc/betweenAccountsTransferSubmit', {
          body: {
            toAmount: amount.trim(),
            currency: source.currencyCode,
            fromAccount: source.accountId,
            toAccount: target.accountId,
            idempotencyKey,
            ...subscriptionOf(recurrence),
          },
        }),
      (answer) => {
        if (answer?.responseCode === ResponseCode.Success) page.clearAmount()
      },
    )
  }
}

export function Component() {
  const { t } = useTranslation(['transfers', 'common'])
  const { state } = useOwnAccounts()
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [amount, setAmount] = useState('')
  const [recurrence, setRecurrence] = useState<Recurrence>({
    on: false,
    frequency: 'monthly',
    endBy: 'count',
    endDate: '',
    count: 3,
  })
  const [invalid, setInvalid] = useState<Record<string, string>>({})
  const submitter = useTransferSubmit()

  const accounts = readyAccounts(state)
  const source = accounts.find((a) => String(a.accountId) === from)
  const target = accounts.find((a) => String(a.accountId) === to)
  const facts = usePairFacts(source, target, amount)

  const submit = useBetweenAccountsSubmit(
    { source, target, amount, recurrence },
    { submitter, setInvalid, clearAmount: () => setAmount('') },
  )

  const estimate =
    source &&
    target &&
    facts.rate &&
    source.currencyCode !== target.currencyCode &&
    isPositiveAmount(amount)
      ? convertedEstimate(amount, facts.rate)
      : null

  return (
    <TransferPageShell
      title={t('account.title')}
      accounts={state}
      submitter={submitter}
      onSubmit={(e) => void submit(e)}
    >
      <AccountSelect
        label={t('account.from')}
        choosePrompt={t('account.choose')}
        accounts={accounts}
        value={from}
        onChange={(value) => {
          setFrom(value)
          // The target list leaves the source out, so a target equal to it is cleared.
          if (value === to) setTo('')
        }}
        error={invalid.from}
      />
      <AccountSelect
        label={t('account.to')}
        choosePrompt={t('account.choose')}
        accounts={accounts.filter((a) => String(a.accountId) !== from)}
        value={to}
        onChange={setTo}
        error={invalid.to}
      />
      <AmountInput
        currency={source?.currencyCode}
        value={amount}
        onChange={setAmount}
        error={invalid.amount}
      />
      <TransferFacts
        currency={source?.currencyCode ?? ''}
        facts={facts}
        estimate={estimate}
        targetCurrency={target?.currencyCode}
      />
      <RecurrenceFields value={recurrence} onChange={setRecurrence} invalid={invalid} />
    </TransferPageShell>
  )
}

/** The submit's subscription fields, when the transfer recurs. */
function subscriptionOf(recurrence: Recurrence) {
  if (!recurrence.on) return {}
  return {
    subscriptionFrequency: recurrence.frequency,
    ...(recurrence.endBy === 'date'
      ? { subscriptionEndDate: recurrence.endDate }
      : { subscriptionTransactions: Number(recurrence.count) }),
  }
}

function RecurrenceFields({
  value,
  onChange,
  invalid,
}: {
  value: Recurrence
  onChange(next: Recurrence): void
  invalid: Record<string, string>
}) {
  const { t } = useTranslation('transfers')
  const set = (part: Partial<Recurrence>) => onChange({ ...value, ...part })
  return (
    <>
      <Checkbox
        label={t('recurring.label')}
        checked={value.on}
        onChange={(e) => set({ on: e.currentTarget.checked })}
      />
      {value.on && (
        <Stack gap="sm" pl="md">
          <NativeSelect
            label={t('recurring.frequency')}
            data={(['daily', 'weekly', 'monthly'] as const).map((f) => ({
              value: f,
              label: t(`recurring.${f}`),
            }))}
            value={value.frequency}
            onChange={(e) => set({ frequency: e.currentTarget.value as Frequency })}
          />
          <Radio.Group
            label={t('recurring.ends')}
            value={value.endBy}
            onChange={(v) => set({ endBy: v as 'date' | 'count' })}
          >
            <Group mt="xs">
              <Radio value="count" label={t('recurring.byCount')} />
              <Radio value="date" label={t('recurring.byDate')} />
            </Group>
          </Radio.Group>
          {value.endBy === 'date' ? (
            <DateField
              label={t('recurring.endDate')}
              value={value.endDate}
              onChange={(endDate) => set({ endDate })}
              error={invalid.endDate}
            />
          ) : (
            <NumberInput
              label={t('recurring.count')}
              value={value.count}
              onChange={(count) => set({ count })}
              min={1}
              max={1000}
              allowDecimal={false}
              error={invalid.count}
            />
          )}
        </Stack>
      )}
    </>
  )
}
