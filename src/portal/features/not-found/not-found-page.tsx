// The catch-all 404 page.
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Button, Center, Stack, Text, Title } from '@mantine/core'

export function Component() {
  const { t } = useTranslation('common')
  return (
    <Center mih="100vh" p="md">
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
    </Center>
  )
}
