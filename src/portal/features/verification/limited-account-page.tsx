// /limited-account (product-spec section 2): the account is limited; the reasons the bank gave
// and the documents it waits for. Once every limit document is uploaded the state becomes
// processing (section 4) and the page says the documents are being checked.
import { Link, Navigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core'
import { VerificationState } from '../../../generated/constants.ts'
import { useUserStatus } from './use-user-status.ts'
import { Loading } from '../../components/loading.tsx'

export function Component() {
  const { t } = useTranslation(['verification', 'common'])
  const { status, isPending } = useUserStatus()
  if (isPending) return <Loading />
  if (!status) return <Text role="alert">{t('common:errors.network')}</Text>
  if (!status.limited) return <Navigate to="/home" replace />
  const uploaded = status.verificationState !== VerificationState.Limited
  return (
    <Stack maw={720}>
      <Title order={1} size="h2">
        {t('limited.title')}
      </Title>
      <Paper
        withBorder
        p="md"
        data-testid="verification-state"
        data-state={status.verificationState}
      >
        <Stack>
          <Text>{t(uploaded ? 'limited.inReview' : 'limited.text')}</Text>
          {status.restrictionReasons.length > 0 && (
            <>
              <Text fw={600}>{t('limited.reasons')}</Text>
              <List>
                {status.restrictionReasons.map((reason) => (
                  <List.Item key={reason}>{t(`restrictionReason.${reason}`)}</List.Item>
                ))}
              </List>
            </>
          )}
          {!uploaded && (
            <Group>
              <Button component={Link} to="/kyc">
                {t('limited.upload')}
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
    </Stack>
  )
}
