// /register: the choice between a personal and a business account (product-spec section 2),
// offered only where the brand allows registration; elsewhere the login page is shown.
import { Link, Navigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Anchor, Button, Stack, Text } from '@mantine/core'
import { useBrand } from '../../brand/brand-context.tsx'
import { PublicPage } from '../../components/public-page.tsx'

export function Component() {
  const { t } = useTranslation('access')
  const brand = useBrand()
  if (!brand.allowRegistration) return <Navigate to="/login" replace />
  return (
    <PublicPage title={t('register.title')}>
      <Text>{t('register.intro')}</Text>
      <Stack>
        <Button component={Link} to="/register/personal" size="md">
          {t('register.personal')}
        </Button>
        <Text size="sm" c="dimmed">
          {t('register.personalText')}
        </Text>
        <Button component={Link} to="/register/business" size="md" variant="light">
          {t('register.business')}
        </Button>
        <Text size="sm" c="dimmed">
          {t('register.businessText')}
        </Text>
      </Stack>
      <Anchor component={Link} to="/login" size="sm">
        {t('haveAccount')}
      </Anchor>
    </PublicPage>
  )
}
