// The payment as its recipient reads it (product-spec section 3, Global payment (recipient
// side)): who sent it, how much, what for, who pays the fee and how many days are left to
// choose how to be paid.
import { useTranslation } from 'react-i18next'
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core'
import { useMoney } from '../../i18n/use-money.ts'
import type { RecipientPayment } from './api/recipient-queries.ts'

export function PaymentSummary(props: { payment: RecipientPayment; showExpiry: boolean }) {
  const { t } = useTranslation('receive')
  const money = useMoney()
  const { payment } = props
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="receive-summary">
      <Stack gap="sm">
        <Text id="receive-summary" size="sm" c="dimmed">
          {payment.senderName
            ? t('summary.sentBy', { sender: payment.senderName })
            : t('summary.sentToYou')}
        </Text>
        <Text fz={32} fw={700} data-testid="receive-amount" lh={1.1}>
          {money(payment.amount, payment.currencyCode)}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs">
          {payment.beneficiaryName && (
            <Fact label={t('summary.for')} value={payment.beneficiaryName} verbatim />
          )}
          {payment.description && (
            <Fact label={t('summary.description')} value={payment.description} verbatim />
          )}
          <Fact
            label={t('summary.fee')}
            value={payment.feeIsBen ? t('summary.feeYou') : t('summary.feeSender')}
          />
          {props.showExpiry && payment.expireDays !== undefined && (
            <Fact
              label={t('summary.expires')}
              value={t('summary.daysLeft', { count: payment.expireDays })}
              testId="receive-expiry"
            />
          )}
        </SimpleGrid>
      </Stack>
    </Paper>
  )
}

function Fact(props: { label: string; value: string; verbatim?: boolean; testId?: string }) {
  return (
    <div data-testid={props.testId}>
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      <Text size="sm" fw={500} translate={props.verbatim ? 'no' : undefined}>
        {props.value}
      </Text>
    </div>
  )
}
