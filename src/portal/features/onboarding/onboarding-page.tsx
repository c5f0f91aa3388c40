// The pages post-login routing sends people to before their own features exist in full
// (product-spec section 2): each says why the person is here and what comes next. The
// texts live in the 'onboarding' namespace under the page's key.
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'

export type OnboardingKey = 'adminOverview' | 'companyDocuments'

export function OnboardingPage({ page }: { page: OnboardingKey }) {
  const { t } = useTranslation('onboarding')
  return (
    <Stack maw={720}>
      <Title order={1} size="h2">
        {t(`${page}.title`)}
      </Title>
      <Paper withBorder p="md">
        <Stack>
          <Text>{t(`${page}.text`)}</Text>
          <Text c="dimmed" size="sm">
            {t(`${page}.next`)}
          </Text>
          <Group>
            <Button component={Link} to="/home">
              {t('continue')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  )
}

const page = (key: OnboardingKey) =>
  function Page() {
    return <OnboardingPage page={key} />
  }

export const AdminOverview = page('adminOverview')
export const CompanyDocuments = page('companyDocuments')
