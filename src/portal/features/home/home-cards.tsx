// Home's cards section (issue 17; issue 16 left it to this issue): the customer's cards, each
// a link to its page, with the way to every card and to applying for one. Shown only to who
// may see cards; while the cards' texts load, nothing stands in its place below the accounts.
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Button, Group, SimpleGrid, Stack, Title } from '@mantine/core'
import { useCards } from '../cards/card-data.ts'
import { CardFace } from '../cards/card-face.tsx'

/** How many cards home shows; the rest are one link away. */
const shownOnHome = 3

export function HomeCards() {
  const { t } = useTranslation('cards')
  const state = useCards()
  if (state.status !== 'ready') return null
  return (
    <Stack component="section" aria-labelledby="home-cards-title" data-testid="home-cards">
      <Group justify="space-between">
        <Title order={2} size="h3" id="home-cards-title">
          {t('home.title')}
        </Title>
        <Group gap="xs">
          {state.cards.length > 0 && (
            <Button component={Link} to="/cards" variant="default" size="compact-md">
              {t('home.all')}
            </Button>
          )}
          <Button component={Link} to="/add-card" variant="light" size="compact-md">
            {t('home.apply')}
          </Button>
        </Group>
      </Group>
      {state.cards.length > 0 && (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-labelledby="home-cards-title"
        >
          {state.cards.slice(0, shownOnHome).map((card) => (
            <li key={card.accountId}>
              <CardFace card={card} link />
            </li>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  )
}
