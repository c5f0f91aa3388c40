// The review before the submit (product-spec section 5, "load meta"): where the money goes,
// the details as typed, then the quote: the rate, the fee the recipient bears and what they
// get. Submit sends it and a code goes to the recipient's e-mail; Change goes back to the
// fields, still filled.
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { useMoney } from '../../i18n/use-money.ts'
import { Loading } from '../../components/loading.tsx'
import type { RecipientMeta } from './api/recipient-queries.ts'

export interface ReviewLine {
  /** Also its test id, review-<name>. */
  name: string
  label: string
  value: string
  verbatim?: boolean
}

export function ReceiveReview(props: {
  lines: ReviewLine[]
  meta: RecipientMeta | null
  metaPending: boolean
  /** Why the quote was refused; the review cannot be submitted without one. */
  metaFailure: string | null
  currencyCode: string
  busy: boolean
  onBack(): void
  onSubmit(): void
}) {
  const { t } = useTranslation('receive')
  const money = useMoney()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const { meta } = props
  const quote: ReviewLine[] = meta
    ? [
        { name: 'rate', label: t('review.rate'), value: meta.exchangeRate },
        {
          name: 'fee',
          label: t('review.fee'),
          value: money(meta.fee, meta.feeCurrencyCode ?? props.currencyCode),
        },
        {
          name: 'toAmount',
          label: t('review.youGet'),
          value: money(meta.toAmount, props.currencyCode),
        },
      ]
    : []
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="receive-review">
      <Stack gap="sm">
        <Title order={2} size="h4" id="receive-review" ref={heading} tabIndex={-1}>
          {t('review.title')}
        </Title>
        {props.metaPending && !meta && <Loading size="sm" label={t('review.loadingQuote')} />}
        {!props.metaPending && props.metaFailure && (
          <Alert color="red" role="alert" p="xs">
            {props.metaFailure}
          </Alert>
        )}
        <Table
          variant="vertical"
          layout="fixed"
          withTableBorder={false}
          data-testid="receive-review"
        >
          <Table.Tbody>
            {[...props.lines, ...quote].map((line) => (
              <Table.Tr key={line.name} data-testid={`review-${line.name}`}>
                <Table.Th w="45%">{line.label}</Table.Th>
                <Table.Td
                  translate={line.verbatim ? 'no' : undefined}
                  fw={line.name === 'toAmount' ? 700 : undefined}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {line.value}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="sm" c="dimmed">
          {t('review.codeNote')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onBack} disabled={props.busy}>
            {t('review.change')}
          </Button>
          <Button onClick={props.onSubmit} loading={props.busy} disabled={!meta}>
            {t('review.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}
