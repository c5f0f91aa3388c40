// /transfer/mass: the kinds of mass transfer the session may send (product-spec sections 2
// and 6: P2P, wire, EFT, card payouts and digital, each by its sendMoneyMass* flag).
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core'
import { massKinds, permissionOf } from './mass-kinds.ts'
import { useMassAccess } from './use-mass-access.ts'
import { Loading } from '../../components/loading.tsx'

export function Component() {
  const { t } = useTranslation(['mass', 'common'])
  const access = useMassAccess()
  const allowed = massKinds.filter((kind) => access.permissions?.[permissionOf(kind)] === true)
  return (
    <Stack maw={960}>
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <Text c="dimmed">{t('intro')}</Text>
      {!access.loaded && <Loading />}
      {access.loaded && allowed.length === 0 && (
        <Alert color="yellow" role="alert" data-testid="mass-not-enabled">
          {t('noneEnabled')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {allowed.map((kind) => (
          <UnstyledButton
            key={kind}
            component={Link}
            to={`/transfer/mass/${kind}`}
            data-testid={`mass-kind-${kind}`}
          >
            <Paper withBorder p="md" radius="md" h="100%">
              <Text fw={700}>{t(`kinds.${kind}.title`)}</Text>
              <Text size="sm" c="dimmed">
                {t(`kinds.${kind}.text`)}
              </Text>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Stack>
  )
}
