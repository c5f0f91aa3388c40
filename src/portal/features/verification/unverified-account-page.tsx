// /unverified-account (product-spec section 2): why the account is not verified yet and what
// the customer can do: verify their identity online (an identity check, section 7) or go to
// the KYC page; a verified customer is sent home.
import { Link, Navigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Button, Paper, Stack, Text, Title } from '@mantine/core'
import { VerificationState } from '../../../generated/constants.ts'
import { useUserStatus } from './use-user-status.ts'
import { IdentityCheckStartButton } from '../../components/identity-check-start-button.tsx'
import { Loading } from '../../components/loading.tsx'

/** States in which the customer has something to do on the KYC page. */
const actionStates = new Set<string>([
  VerificationState.Unverified,
  VerificationState.HasRequiredActions,
  VerificationState.DuplicateDocuments,
  VerificationState.SomeCardDocumentRequired,
])

export function Component() {
  const { t } = useTranslation(['verification', 'common'])
  const { status, isPending } = useUserStatus()
  if (isPending) return <Loading />
  if (!status) return <Text role="alert">{t('common:errors.network')}</Text>
  if (status.verified) return <Navigate to="/home" replace />
  if (status.verificationState === VerificationState.Limited)
    return <Navigate to="/limited-account" replace />
  const state = status.verificationState
  return (
    <Stack maw={720}>
      <Title order={1} size="h2">
        {t('unverified.title')}
      </Title>
      <Paper withBorder p="md" data-testid="verification-state" data-state={state}>
        <Stack>
          <Title order={2} size="h4">
            {t(`state.${state}.title`)}
          </Title>
          <Text>{t(`state.${state}.text`)}</Text>
          {status.requiredActionCount > 0 && (
            <Text fw={600}>{t('unverified.actions', { count: status.requiredActionCount })}</Text>
          )}
          {actionStates.has(state) && (
            <>
              <Text>{t('unverified.identityCheck')}</Text>
              <IdentityCheckStartButton
                beside={
                  <Button component={Link} to="/kyc" variant="default">
                    {t('unverified.toKyc')}
                  </Button>
                }
              />
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  )
}
