// The page-not-found: on its own for a person signed out, inside the main layout (with the
// menu) for a person signed in, and where the route guard refuses a page (access-guard.tsx).
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Button, Center, Stack, Text, Title } from '@mantine/core'

function NotFoundText() {
  const { t } = useTranslation('common')
  return (
    <Stack align="center">
      <Title order={1}>404</Title>
      <Title order={2} size="h3">
        {t('notFound.title')}
      </Title>
      <Text c="dimmed">{t('notFound.text')}</Text>
      <Button component={Link} to="/home">
        {t('notFound.home')}
      </Button>
    </Stack>
  )
}

export function Component() {
  return (
    <Center mih="100vh" p="md">
      <NotFoundText />
    </Center>
  )
}

/** Inside the main layout: the page's part of the screen, under the header. */
export function InLayout() {
  return (
    <Center py="xl">
      <NotFoundText />
    </Center>
  )
}
