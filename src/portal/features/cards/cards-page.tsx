// /cards, /cards/physical and /cards/virtual (product-spec section 2): /cards goes to the
// physical list, or the virtual one when the customer holds only virtual cards, and a
// customer with a single card goes straight to its page. A list shows each card as a card
// (card-face.tsx), with the way to the other kind and to applying for a new card.
import { Link, Navigate, useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { cardsLanding, useCards } from './card-data.ts'
import { CardFace } from './card-face.tsx'
import { Failure } from './card-notice.tsx'
import { Loading } from '../../components/loading.tsx'

/** /cards: the redirect. */
export function Component() {
  const state = useCards()
  const to = cardsLanding(state)
  if (to) return <Navigate to={to} replace />
  if (state.status === 'failed') return <Failure failure={state.failure} />
  return <Loading />
}

/** /cards/physical and /cards/virtual: the cards of one kind. */
export function CardListPage() {
  const { t } = useTranslation(['cards', 'common'])
  const virtual = useLocation().pathname.endsWith('/virtual')
  const state = useCards({ cardIsVirtual: virtual })
  const kind = virtual ? 'virtual' : 'physical'
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Button component={Link} to="/add-card">
          {t('apply.open')}
        </Button>
      </Group>
      <Group gap="xs" component="nav" aria-label={t('kinds')}>
        {(['physical', 'virtual'] as const).map((each) => (
          <Button
            key={each}
            component={Link}
            to={`/cards/${each}`}
            variant={each === kind ? 'filled' : 'default'}
            aria-current={each === kind ? 'page' : undefined}
            size="compact-md"
          >
            {t(each)}
          </Button>
        ))}
      </Group>
      {state.status === 'loading' && <Loading />}
      {state.status === 'failed' && <Failure failure={state.failure} />}
      {state.status === 'ready' && state.cards.length === 0 && (
        <Text data-testid="cards-empty">{t(`empty.${kind}`)}</Text>
      )}
      {state.status === 'ready' && state.cards.length > 0 && (
        <SimpleGrid
          cols={{ base: 1, sm: 2, xl: 3 }}
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t(kind)}
        >
          {state.cards.map((card) => (
            <li key={card.accountId}>
              <CardFace card={card} link />
            </li>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  )
}
