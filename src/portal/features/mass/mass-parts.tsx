// Pieces every mass transfer page shows: the permission gate (section 6), the source account
// choice, the sample file link and the summary of a file with the rows the server refused
// (section 3, Mass summary).
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import {
  Alert,
  Anchor,
  List,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { useMoney } from '../../i18n/use-money.ts'
import type { Account } from '../../components/transfer/use-own-accounts.ts'
import type { MassSummary } from './mass-draft.ts'
import { permissionOf, sampleOf, type MassKind } from './mass-kinds.ts'
import type { MassAccess } from './use-mass-access.ts'

/** Nothing while the flags load; a refusal when the kind is not enabled; else the page. */
export function MassGate(props: { kind: MassKind; access: MassAccess; children: React.ReactNode }) {
  const { t } = useTranslation('mass')
  if (!props.access.loaded) return null
  if (props.access.permissions?.[permissionOf(props.kind)] !== true)
    return (
      <Alert color="yellow" role="alert" data-testid="mass-not-enabled">
        <Stack gap="xs">
          <Text>{t('notEnabled')}</Text>
          <Anchor component={Link} to="/transfer/mass">
            {t('otherKinds')}
          </Anchor>
        </Stack>
      </Alert>
    )
  return props.children
}

export function SourceAccount(props: {
  accounts: Account[]
  value: string
  onChange(value: string): void
}) {
  const { t } = useTranslation('mass')
  const money = useMoney()
  return (
    <NativeSelect
      label={t('from')}
      data={props.accounts.map((a) => ({
        value: String(a.accountId),
        label: `${a.accountId} · ${money(a.balance, a.currencyCode)}`,
      }))}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      required
    />
  )
}

export function SampleLink({ kind, access }: { kind: MassKind; access: MassAccess }) {
  const { t } = useTranslation('mass')
  const url = access.links[sampleOf(kind)]
  if (!url) return null
  return (
    <Anchor href={url} download target="_blank" rel="noreferrer" data-testid="sample-link">
      {t('sample')}
    </Anchor>
  )
}

export function SummaryView({ summary, title }: { summary: MassSummary; title: string }) {
  const { t } = useTranslation('mass')
  const money = useMoney()
  const items: [string, string][] = [
    [t('summary.totalCount'), String(summary.totalCount)],
    [t('summary.validCount'), String(summary.validCount)],
    [t('summary.invalidCount'), String(summary.invalidCount)],
    [t('summary.totalAmount'), money(summary.totalAmount, summary.currencyCode)],
  ]
  if (summary.totalFee !== undefined)
    items.push([
      t('summary.totalFee'),
      money(summary.totalFee, summary.feeCurrencyCode ?? summary.currencyCode),
    ])
  if (summary.totalWithFee !== undefined)
    items.push([t('summary.totalWithFee'), money(summary.totalWithFee, summary.currencyCode)])
  return (
    <Paper withBorder p="md" radius="md" data-testid="mass-summary">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3 }}>
        {items.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={600}>{value}</Text>
          </div>
        ))}
      </SimpleGrid>
      <RowErrors errors={summary.rowErrors ?? []} />
    </Paper>
  )
}

export type RowError = NonNullable<MassSummary['rowErrors']>[number]

/**
 * The refused rows of an answer: the summary's rowErrors, or the VF errors that name a row
 * ("rows[3].email", the line number from 1), as the mass submits answer a refused file.
 */
export function rowErrorsOf(answer: {
  summary?: MassSummary | undefined
  errors?: { parameter: string; description: string }[] | undefined
}): RowError[] {
  if (answer.summary?.rowErrors?.length) return answer.summary.rowErrors
  return (answer.errors ?? []).flatMap((error) => {
    const match = /^rows\[(\d+)\]\.?(.*)$/.exec(error.parameter)
    if (!match) return []
    return [
      {
        row: Number(match[1]),
        ...(match[2] ? { parameter: match[2] } : {}),
        description: error.description,
      },
    ]
  })
}

export function RowErrors({ errors }: { errors: RowError[] }) {
  const { t } = useTranslation('mass')
  if (errors.length === 0) return null
  return (
    <Alert color="red" mt="md" title={t('rowErrors')} role="alert" data-testid="row-errors">
      <List size="sm" spacing={4}>
        {errors.map((error) => (
          <List.Item
            key={`${error.row}-${error.parameter ?? ''}-${error.description}`}
            style={{ overflowWrap: 'anywhere' }}
          >
            {t('row', { row: error.row })}:{' '}
            {error.parameter ? `${error.parameter}: ${error.description}` : error.description}
          </List.Item>
        ))}
      </List>
    </Alert>
  )
}

/** One labelled value of a confirm page. */
export function Item({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  )
}
