// /transfer/account: moving money between the customer's own accounts, once or as a
// recurring subscription (product-spec sections 3 and 4). The fee is asked for only when
// amount, source and target are set, the maximum and the limits when both accounts are
// (section 5); an exchange estimate shows when the currencies differ.
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  Alert,
  Button,
  Checkbox,
  Loader,
  NativeSelect,
  NumberInput,
  Paper,
  Radio,
  Group,
  Stack,
  TextInput,
  Title,
} from '@mantine/core'
import type { components } from '../../../generated/api.d.ts'
import { api } from '../../api/client.ts'
import { formatAmount } from '../../../shared/money.ts'
import { isPositiveAmount } from './transfer-display.ts'
import { accountLabel, convertedEstimate, useOwnAccounts } from './use-own-accounts.ts'
import { useTransferSubmit } from './use-transfer-submit.ts'
import { TransferFacts, type Facts } from './transfer-facts.tsx'

type Frequency = components['schemas']['SubscriptionFrequency']

export function Component() {
  const { t } = useTranslation(['transfers', 'common'])
  const { state, reload } = useOwnAccounts()
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [amount, setAmount] = useState('')
  const [recurring, setRecurring] = useState(false)
  const [frequency, setFrequency] = useState<Frequency>('monthly')
  const [endBy, setEndBy] = useState<'date' | 'count'>('count')
  const [endDate, setEndDate] = useState('')
  const [count, setCount] = useState<number | string>(3)
  const [facts, setFacts] = useState<Facts>({})
  const [invalid, setInvalid] = useState<Record<string, string>>({})
  const submitter = useTransferSubmit(reload)

  const accounts = state.status === 'ready' ? state.accounts : []
  const source = accounts.find((a) => String(a.accountId) === from)
  const target = accounts.find((a) => String(a.accountId) === to)

  useEffect(() => {
    if (!source || !target) return
    let cancelled = false
    const ids = { fromAccountId: source.accountId, toAccountId: target.accountId }
    void Promise.all([
      api.POST('/rpc/maxAmountGet', { body: { operation: 'betweenAccounts', ...ids } }),
      api.POST('/rpc/customerLimitsGet', { body: { type: 'betweenAccounts', ...ids } }),
      api.POST('/rpc/exchangeRateGet', {
        body: { fromCurrencyCode: source.currencyCode, toCurrencyCode: target.currencyCode },
      }),
    ]).then(([max, limits, rate]) => {
      if (cancelled) return
      setFacts((old) => ({
        ...old,
        max: max.data?.maxAmount,
        limits: limits.data?.limits,
        rate: rate.data?.exchangeRate?.rate,
      }))
    })
    return () => {
      cancelled = true
    }
  }, [source, target])

  useEffect(() => {
    // Section 5: the fee needs amount, source and target.
    if (!source || !target || !isPositiveAmount(amount)) {
      setFacts((old) => ({ ...old, fee: undefined, feeCurrencyCode: undefined }))
      return
    }
    let cancelled = false
    const timer = setTimeout(() => {
      void api
        .POST('/rpc/betweenAccountsFeeGet', {
          body: {
            amount: amount.trim(),
            fromAccountId: source.accountId,
            toAccountId: target.accountId,
          },
        })
        .then(({ data }) => {
          if (cancelled || data?.responseCode !== '00') return
          setFacts((old) => ({ ...old, fee: data.fee, feeCurrencyCode: data.feeCurrencyCode }))
        })
    }, 300)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [source, target, amount])

  function check(): Record<string, string> {
    const found: Record<string, string> = {}
    if (!source) found.from = t('errors.required')
    if (!target) found.to = t('errors.required')
    if (source && target && source.accountId === target.accountId)
      found.to = t('errors.sameAccount')
    if (!isPositiveAmount(amount)) found.amount = t('errors.amount')
    if (recurring && endBy === 'date' && !endDate) found.endDate = t('errors.required')
    if (recurring && endBy === 'count' && !(Number(count) >= 1)) found.count = t('errors.required')
    return found
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const found = check()
    setInvalid(found)
    if (Object.keys(found).length > 0 || !source || !target) return
    const answer = await submitter.send((idempotencyKey) =>
      api.POST('/rpc/betweenAccountsTransferSubmit', {
        body: {
          toAmount: amount.trim(),
          currency: source.currencyCode,
          fromAccount: source.accountId,
          toAccount: target.accountId,
          idempotencyKey,
          ...(recurring && {
            subscriptionFrequency: frequency,
            ...(endBy === 'date'
              ? { subscriptionEndDate: endDate }
              : { subscriptionTransactions: Number(count) }),
          }),
        },
      }),
    )
    if (answer?.responseCode === '00') setAmount('')
  }

  const options = [
    { value: '', label: t('account.choose') },
    ...accounts.map((a) => ({
      value: String(a.accountId),
      label: accountLabel(a, formatAmount(a.balance)),
    })),
  ]
  const estimate =
    source &&
    target &&
    facts.rate &&
    source.currencyCode !== target.currencyCode &&
    isPositiveAmount(amount)
      ? convertedEstimate(amount, facts.rate)
      : null

  return (
    <Stack maw={640}>
      <Title order={1} size="h2">
        {t('account.title')}
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
              data={options}
              value={from}
              onChange={(e) => {
                const value = e.currentTarget.value
                setFrom(value)
                // The target list leaves the source out, so a target equal to it is cleared.
                if (value === to) setTo('')
              }}
              error={invalid.from}
              required
            />
            <NativeSelect
              label={t('account.to')}
              data={options.filter((o) => o.value !== from || o.value === '')}
              value={to}
              onChange={(e) => setTo(e.currentTarget.value)}
              error={invalid.to}
              required
            />
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
              facts={facts}
              estimate={estimate}
              targetCurrency={target?.currencyCode}
            />
            <Checkbox
              label={t('recurring.label')}
              checked={recurring}
              onChange={(e) => setRecurring(e.currentTarget.checked)}
            />
            {recurring && (
              <Stack gap="sm" pl="md">
                <NativeSelect
                  label={t('recurring.frequency')}
                  data={(['daily', 'weekly', 'monthly'] as const).map((f) => ({
                    value: f,
                    label: t(`recurring.${f}`),
                  }))}
                  value={frequency}
                  onChange={(e) => setFrequency(e.currentTarget.value as Frequency)}
                />
                <Radio.Group
                  label={t('recurring.ends')}
                  value={endBy}
                  onChange={(v) => setEndBy(v as 'date' | 'count')}
                >
                  <Group mt="xs">
                    <Radio value="count" label={t('recurring.byCount')} />
                    <Radio value="date" label={t('recurring.byDate')} />
                  </Group>
                </Radio.Group>
                {endBy === 'date' ? (
                  <TextInput
                    type="date"
                    label={t('recurring.endDate')}
                    value={endDate}
                    onChange={(e) => setEndDate(e.currentTarget.value)}
                    error={invalid.endDate}
                  />
                ) : (
                  <NumberInput
                    label={t('recurring.count')}
                    value={count}
                    onChange={setCount}
                    min={1}
                    max={1000}
                    allowDecimal={false}
                    error={invalid.count}
                  />
                )}
              </Stack>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={submitter.busy}>
                {t('submit')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {submitter.popups}
    </Stack>
  )
}
