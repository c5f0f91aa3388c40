// The recipient's choices before the fields (product-spec section 5): the country, from the
// payment's allowed list; the method, from those the country offers for the payment's
// currency (each one returned is permitted: the server lists only those); and an earlier
// withdrawal to start from, whose details prefill the fields.
import { useTranslation } from 'react-i18next'
import { useMutation } from '@tanstack/react-query'
import { Alert, Button, Group, NativeSelect, Paper, Radio, Stack, Text, Title } from '@mantine/core'
import { callRpc } from '../../api/operation-query.ts'
import { ResponseCode } from '../../../generated/constants.ts'
import { Loading } from '../../components/loading.tsx'
import { useCountryName } from '../../i18n/country-names.ts'
import type { RecentWithdrawal, RecipientMethod } from './api/recipient-queries.ts'
import { useLastWithdrawals, useRecipientCountries } from './api/recipient-queries.ts'

export function useMethodName(): (method: string, fallback?: string) => string {
  const { t } = useTranslation('external')
  return (method, fallback) => t(`types.${method}`, { defaultValue: fallback ?? method })
}

export function CountryChoice(props: {
  paymentSecret: string
  allowed: string[]
  value: string
  error: string | undefined
  onChange(countryCode: string): void
}) {
  const { t, i18n } = useTranslation('receive')
  const listed = useRecipientCountries(props.paymentSecret)
  const nameOf = useCountryName()
  const codes = listed ? listed.map((c) => c.countryCode) : props.allowed
  const options = codes
    .map((code) => ({
      value: code,
      label: nameOf(code, listed?.find((c) => c.countryCode === code)?.name),
    }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.language))
  return (
    <NativeSelect
      label={t('choose.country')}
      data={[{ value: '', label: t('choose.chooseCountry') }, ...options]}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      error={props.error}
      required
    />
  )
}

export function MethodChoice(props: {
  methods: RecipientMethod[] | null
  pending: boolean
  value: string
  error: string | undefined
  onChange(method: string): void
}) {
  const { t } = useTranslation('receive')
  const methodName = useMethodName()
  if (props.pending && !props.methods)
    return <Loading size="sm" label={t('choose.loadingMethods')} />
  if (!props.methods) return null
  if (props.methods.length === 0)
    return (
      <Alert color="yellow" data-testid="receive-no-methods">
        {t('choose.noMethods')}
      </Alert>
    )
  return (
    <Radio.Group
      label={t('choose.method')}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
      required
    >
      <Stack gap="xs" mt="xs">
        {props.methods.map((method) => (
          <Radio
            key={method.transferType}
            value={method.transferType}
            label={methodName(method.transferType, method.name)}
          />
        ))}
      </Stack>
    </Radio.Group>
  )
}

export interface Prefill {
  countryCode: string | undefined
  method: string
  details: Record<string, string>
  hasRequirements: boolean
}

/** The recipient's last withdrawals, each offered to start from (limit 5, section 7). */
export function RecentWithdrawals(props: { paymentSecret: string; onUse(prefill: Prefill): void }) {
  const { t } = useTranslation('receive')
  const { withdrawals } = useLastWithdrawals(props.paymentSecret, true)
  const detail = useMutation({
    mutationFn: (withdrawal: RecentWithdrawal) =>
      callRpc('globalRecipientWithdrawalDetailsGet', {
        paymentSecret: props.paymentSecret,
        paymentId: withdrawal.transactionId,
      }),
    onSuccess: (answer, withdrawal) => {
      const data = answer.data
      if (data?.responseCode !== ResponseCode.Success) return
      const details = Object.fromEntries(
        Object.entries(data.details ?? {}).map(([name, value]) => [name, String(value)]),
      )
      props.onUse({
        countryCode: withdrawal.countryCode,
        method: data.type ?? withdrawal.type,
        details,
        hasRequirements: data.hasRequirements === true,
      })
    },
  })
  if (withdrawals.length === 0) return null
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="receive-recent">
      <Stack gap="xs">
        <Title order={2} size="h4" id="receive-recent">
          {t('recent.title')}
        </Title>
        {withdrawals.map((withdrawal) => (
          <RecentRow
            key={withdrawal.transactionId}
            withdrawal={withdrawal}
            busy={detail.isPending && detail.variables?.transactionId === withdrawal.transactionId}
            onUse={() => detail.mutate(withdrawal)}
          />
        ))}
      </Stack>
    </Paper>
  )
}

function RecentRow(props: { withdrawal: RecentWithdrawal; busy: boolean; onUse(): void }) {
  const { t, i18n } = useTranslation('receive')
  const methodName = useMethodName()
  const countryName = useCountryName()
  const { withdrawal } = props
  const when = withdrawal.createdAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
        new Date(withdrawal.createdAt),
      )
    : ''
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" data-testid="receive-recent-row">
      <div>
        <Text size="sm" fw={500}>
          {methodName(withdrawal.type)}
          {withdrawal.countryCode ? ` · ${countryName(withdrawal.countryCode)}` : ''}
        </Text>
        <Text size="xs" c="dimmed">
          <span translate="no">{withdrawal.destination}</span>
          {when ? ` · ${when}` : ''}
        </Text>
      </div>
      <Button size="xs" variant="light" loading={props.busy} onClick={props.onUse}>
        {t('recent.use')}
      </Button>
    </Group>
  )
}
