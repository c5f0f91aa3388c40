// /cards/{accountId}: one card (issue 17) - the card as a card, its facts, exactly the actions
// its flags allow (card-actions.tsx), the load form when asked for and the authorisation
// history when the card has one. What an action did, or why it was refused, shows in one
// notice at the top.
import { useCallback, useState } from 'react'
import { Link, useLocation, useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Anchor, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import { useMoney } from '../../i18n/use-money.ts'
import { useCards, type Card } from './card-data.ts'
import { CardFace, titleTranslate, useCardTitle } from './card-face.tsx'
import { kindKey } from './card-rules.ts'
import { CardActions } from './card-actions.tsx'
import { CardLoad } from './card-load.tsx'
import { PinOnce } from './card-activation.tsx'
import { CardHistory } from './card-history.tsx'
import { Failure, Notice } from './card-notice.tsx'
import type { ActionResult } from './use-card-action.ts'
import { Loading } from '../../components/loading.tsx'

export function Component() {
  const { t } = useTranslation(['cards', 'common'])
  const accountId = Number(useParams().accountId)
  const state = useCards({ accountId })
  const handed = (useLocation().state as { notice?: string } | null)?.notice
  const [notice, setNotice] = useState<ActionResult | null>(
    handed ? { ok: true, text: handed } : null,
  )
  const [loading, setLoading] = useState(false)
  // An activation's PIN, shown once: it stays while the card's actions change under it.
  const [pin, setPin] = useState<string | null>(null)
  const closeNotice = useCallback(() => setNotice(null), [])
  const title = useCardTitle()
  const card = state.status === 'ready' ? state.cards[0] : undefined
  return (
    <Stack maw={960}>
      <Anchor
        component={Link}
        to={card?.flags.isVirtual ? '/cards/virtual' : '/cards/physical'}
        size="sm"
      >
        {t('backToCards')}
      </Anchor>
      <Title order={1} size="h2" data-testid="card-page-title" translate={titleTranslate(card)}>
        {card ? title(card) : t('title')}
      </Title>
      <Notice result={notice} onClose={closeNotice} />
      {state.status === 'loading' && <Loading />}
      {state.status === 'failed' && <Failure failure={state.failure} />}
      {state.status === 'ready' && !card && <Text role="alert">{t('notFound')}</Text>}
      {card && (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <CardFace card={card} />
            <CardFacts card={card} />
          </SimpleGrid>
          <CardActions
            card={card}
            report={setNotice}
            onLoad={() => setLoading(true)}
            onPin={setPin}
          />
          {pin && <PinOnce pin={pin} onClose={() => setPin(null)} />}
          {loading && card.flags.canLoad && (
            <CardLoad card={card} onClose={() => setLoading(false)} />
          )}
          {card.flags.historyAvailable && <CardHistory card={card} />}
        </>
      )}
    </Stack>
  )
}

function CardFacts({ card }: { card: Card }) {
  const { t } = useTranslation('cards')
  const money = useMoney()
  const rows: [string, string][] = [
    [t('facts.kind'), t(kindKey(card))],
    [t('facts.status'), t(`status.${card.accountStatusId}`)],
    [t('facts.currency'), card.currencyCode],
  ]
  if (card.flags.balanceAvailable) rows.push([t('balance'), money(card.balance, card.currencyCode)])
  if (card.pendingAmount && Number(card.pendingAmount) !== 0)
    rows.push([t('facts.pending'), money(card.pendingAmount, card.currencyCode)])
  if (card.settlementAccountId) rows.push([t('facts.settlement'), String(card.settlementAccountId)])
  return (
    <Paper withBorder p="md" radius="md">
      <Table variant="vertical" layout="fixed" withTableBorder={false} data-testid="card-facts">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="45%">{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  )
}
