// The block under a transfer's amount on every transfer page: the fee (asked for only when
// amount and target are set, product-spec section 5), an estimate of what arrives when the
// currencies differ, the largest amount allowed now and the customer's limits, every amount
// formatted by the rule of section 9.
import { useTranslation } from 'react-i18next'
import { Stack, Text } from '@mantine/core'
import type { components } from '../../../generated/api.d.ts'
import { useMoney } from '../../i18n/use-money.ts'

export type Limits = components['schemas']['CustomerLimits']
export type MaxAmount = components['schemas']['MaxAmount']

export interface Facts {
  fee?: string | undefined
  feeCurrencyCode?: string | undefined
  max?: MaxAmount | undefined
  limits?: Limits | undefined
  rate?: string | undefined
}

export function TransferFacts({
  currency,
  facts,
  estimate = null,
  targetCurrency,
}: {
  /** The source account's currency, in which the maximum and the limits count. */
  currency: string
  facts: Facts
  /** What arrives in the target currency, when it differs. */
  estimate?: string | null
  targetCurrency?: string | undefined
}) {
  const { t } = useTranslation('transfers')
  const money = useMoney()
  const limits = facts.limits?.success ? (facts.limits.limits ?? []) : []
  const limitCurrency = facts.limits?.currencyCode ?? currency
  const maxCurrency = facts.max?.currencyCode ?? currency
  return (
    <Stack gap={4} data-testid="transfer-facts">
      {facts.fee !== undefined && (
        <Text size="sm" data-testid="transfer-fee">
          {t('fee', { fee: money(facts.fee, facts.feeCurrencyCode) })}
        </Text>
      )}
      {estimate && (
        <Text size="sm" data-testid="transfer-estimate">
          {t('estimate', {
            amount: money(estimate, targetCurrency),
            rate: shortRate(facts.rate ?? ''),
          })}
        </Text>
      )}
      {facts.max && (
        <Text size="sm" c="dimmed" data-testid="transfer-max">
          {t('max', {
            amount: money(facts.max.amount, maxCurrency),
            bound: t(`bound.${facts.max.type}`, { defaultValue: facts.max.type }),
          })}
        </Text>
      )}
      {limits.map((limit) => (
        <Text key={limit.period} size="xs" c="dimmed" data-testid="transfer-limit">
          {t('limit', {
            period: t(`period.${limit.period}`),
            limit: money(limit.limit, limitCurrency),
            remaining: money(limit.remaining ?? limit.limit, limitCurrency),
          })}
        </Text>
      ))}
    </Stack>
  )
}

/** The rate as shown: 6 decimals are enough to read it; the estimate uses all 12. */
function shortRate(rate: string): string {
  const [whole = '0', fraction = ''] = rate.split('.')
  return fraction ? `${whole}.${fraction.slice(0, 6)}` : whole
}
