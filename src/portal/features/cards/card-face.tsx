// A card drawn as a card (issue 17): the brand's colours, the name the customer gave it (or
// its kind), the masked number, the expiry MM/YY, the status and the balance. In a list it is
// one link to the card's page, named by what it shows, so the keyboard reaches every card.
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Badge, Box, Group, Paper, Stack, Text } from '@mantine/core'
import { useMoney } from '../../i18n/use-money.ts'
import { cardPath, kindKey, statusKey, type Card } from './card-rules.ts'
import { AccountStatus } from '../../../generated/constants.ts'

/** The card's title: its alias, or its kind (virtual or plastic, debit or prepaid). */
export function useCardTitle(): (card: Card) => string {
  const { t } = useTranslation('cards')
  return (card) => card.cardAliasName || t(kindKey(card))
}

/** A name the customer gave is shown as written (translate="no"); a kind is our words. */
export function titleTranslate(card: Card | undefined): 'no' | undefined {
  return card?.cardAliasName ? 'no' : undefined
}

/** Status colours (the badge's dot; its text is dark on white): in use green, on its way blue, paused yellow, ended or fraud red. */
const held: ReadonlySet<number> = new Set([
  AccountStatus.Paused,
  AccountStatus.Limited,
  AccountStatus.PendingDocument,
])
const ended: ReadonlySet<number> = new Set([
  AccountStatus.Canceled,
  AccountStatus.Closed,
  AccountStatus.Fraud,
  AccountStatus.Expired,
])

function statusColor(card: Card): string {
  const id = card.accountStatusId
  if (id === AccountStatus.Active) return 'green'
  if (held.has(id)) return 'yellow'
  if (ended.has(id)) return 'red'
  return 'blue'
}

export function CardFace({ card, link = false }: { card: Card; link?: boolean }) {
  const { t } = useTranslation('cards')
  const money = useMoney()
  const title = useCardTitle()(card)
  const number = card.maskedCardNumber ?? t('numberPending')
  const expiry = card.flags.expiry ?? t('noExpiry')
  const status = t(statusKey(card))
  const balance = card.flags.balanceAvailable ? money(card.balance, card.currencyCode) : null
  const linkProps = link
    ? {
        component: Link,
        to: cardPath(card),
        'aria-label': t('cardLink', { title, number, status }),
      }
    : {}
  return (
    <Paper
      {...(linkProps as object)}
      radius="lg"
      p="lg"
      shadow="sm"
      data-testid="card-face"
      data-card-id={card.accountId}
      style={{
        display: 'block',
        color: 'white',
        textDecoration: 'none',
        aspectRatio: '1.586',
        maxWidth: 380,
        width: '100%',
        background:
          'linear-gradient(135deg, var(--mantine-color-brand-9), var(--mantine-color-brand-7))',
      }}
    >
      <Stack justify="space-between" h="100%" gap={4}>
        {/* The name above its status, each whole: a long status (fraud) fits a phone's card. */}
        <Stack gap={6} align="flex-start">
          <Text fw={700} lineClamp={1} data-testid="card-title" translate={titleTranslate(card)}>
            {title}
          </Text>
          <Badge
            color={statusColor(card)}
            variant="dot"
            bg="white"
            c="dark.8"
            tt="none"
            maw="100%"
            data-testid="card-status"
          >
            {status}
          </Badge>
        </Stack>
        <Text
          ff="monospace"
          fz={{ base: 'md', xs: 'lg' }}
          translate="no"
          data-testid="card-number"
          style={{ letterSpacing: '0.08em' }}
        >
          {number}
        </Text>
        <Group justify="space-between" align="flex-end" wrap="nowrap">
          <Box>
            <Text fz="xs" c="rgba(255,255,255,0.85)">
              {t('expires')}
            </Text>
            <Text fw={600} translate="no" data-testid="card-expiry">
              {expiry}
            </Text>
          </Box>
          {balance !== null && (
            <Box ta="right">
              <Text fz="xs" c="rgba(255,255,255,0.85)">
                {t('balance')}
              </Text>
              <Text fw={700} fz="lg" data-testid="card-balance">
                {balance}
              </Text>
            </Box>
          )}
        </Group>
      </Stack>
    </Paper>
  )
}
