// What a person can start an external transfer from instead of typing: a saved payment
// template, a saved payee (beneficiary) and a recent transfer to repeat (product-spec
// sections 3, 5, 7 and 9: the recent list covers the seven transfer types, items flagged
// isDisabled are hidden, 5 at most). A recent P2P transfer is repeated on the P2P page.
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import {
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import type { components } from '../../../generated/api.d.ts'
import { TransferType } from '../../../generated/constants.ts'
import { useOperationQuery } from '../../api/operation-query.ts'
import { useMoney } from '../../i18n/use-money.ts'
import { externalTransferTypes } from '../../../shared/transfer-types.ts'

export type Template = components['schemas']['TransferTemplate']
export type Payee = components['schemas']['PayeeTemplate']
export type Recent = components['schemas']['RecentTransfer']

/** The customer's templates and payees, without the disabled ones. */
export function useSavedDestinations(): { templates: Template[]; payees: Payee[] } {
  const templates = useOperationQuery('paymentTemplateList', { types: [...externalTransferTypes] })
  const payees = useOperationQuery('beneficiaryList', {})
  return {
    templates: (templates.data?.data?.templates ?? []).filter((x) => !x.isDisabled),
    payees: (payees.data?.data?.beneficiaries ?? []).filter((x) => !x.isDisabled),
  }
}

export function SavedPicker({
  templates,
  payees,
  onTemplate,
  onPayee,
}: {
  templates: Template[]
  payees: Payee[]
  onTemplate(template: Template): void
  onPayee(payee: Payee): void
}) {
  const { t } = useTranslation('external')
  if (templates.length === 0 && payees.length === 0) return null
  return (
    <Group grow align="flex-start" wrap="wrap" gap="sm">
      {templates.length > 0 && (
        <NativeSelect
          label={t('saved.template')}
          miw={220}
          data={[
            { value: '', label: t('saved.chooseTemplate') },
            ...templates.map((x) => ({
              value: String(x.id),
              label: `${x.templateName} · ${t(`types.${x.transferType}`)}`,
            })),
          ]}
          value=""
          onChange={(event) => {
            const chosen = templates.find((x) => String(x.id) === event.currentTarget.value)
            if (chosen) onTemplate(chosen)
          }}
        />
      )}
      {payees.length > 0 && (
        <NativeSelect
          label={t('saved.payee')}
          miw={220}
          data={[
            { value: '', label: t('saved.choosePayee') },
            ...payees.map((x) => ({
              value: String(x.id),
              label: [x.name, x.countryCode].filter(Boolean).join(' · '),
            })),
          ]}
          value=""
          onChange={(event) => {
            const chosen = payees.find((x) => String(x.id) === event.currentTarget.value)
            if (chosen) onPayee(chosen)
          }}
        />
      )}
    </Group>
  )
}

/** The recent transfers of every type, newest first; `version` reloads them. */
/** The five most recent transfers; a transfer sent makes them stale (use-transfer-approval). */
export function useRecentTransfers(): Recent[] | null {
  const query = useOperationQuery('recentTransferList', { limit: 5 })
  if (!query.data) return null
  return (query.data.data?.transfers ?? []).filter((x) => !x.isDisabled)
}

export function RecentList({
  recent,
  onRepeat,
}: {
  recent: Recent[] | null
  onRepeat(transfer: Recent): void
}) {
  const { t } = useTranslation('external')
  const money = useMoney()
  if (recent === null) return null
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">
        {t('recent.title')}
      </Title>
      {recent.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('recent.none')}
        </Text>
      ) : (
        <Stack gap="xs" data-testid="recent-external">
          {recent.map((r) => (
            <Group
              key={r.transactionId}
              justify="space-between"
              wrap="nowrap"
              gap="xs"
              data-testid="recent-row"
            >
              {/* Name on its own line, type and amount under it: a phone keeps the name. */}
              <div style={{ minWidth: 0 }}>
                <Text size="sm" truncate="end">
                  {r.beneficiaryName || r.destination}
                </Text>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={600} style={{ flexShrink: 0 }}>
                    {r.amount !== undefined ? money(r.amount, r.currencyCode) : ''}
                  </Text>
                  <Badge size="sm" variant="light" style={{ minWidth: 0 }}>
                    {t(`types.${r.type}`)}
                  </Badge>
                </Group>
              </div>
              {r.type === TransferType.P2p ? (
                <Anchor component={Link} to="/transfer/p2p" size="sm" style={{ flexShrink: 0 }}>
                  {t('recent.onP2p')}
                </Anchor>
              ) : (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  style={{ flexShrink: 0 }}
                  onClick={() => onRepeat(r)}
                >
                  {t('recent.repeat')}
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  )
}
