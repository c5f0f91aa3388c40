// The warning banner of the main layout (product-spec section 4): shown while the derived
// verification state is limited, duplicate documents (flagged or uploaded), unverified,
// required actions or card document required, with where to go about it. The state and the
// decision to warn come from the server (UserStatus.bannerWarning), so portal and server
// never disagree.
import { Link, useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Anchor, Text } from '@mantine/core'
import { VerificationState } from '../../../generated/constants.ts'
import { useUserStatus } from './use-user-status.ts'

/**
 * Where the banner leads: a limited account to its reasons, an unverified one to what is left
 * of its verification; a verified customer with something to do (duplicate documents, a card
 * document, required actions) to the KYC page where it is done, since unverified-account
 * sends a verified customer home (product-spec section 2).
 */
export function verificationPage(state: VerificationState, verified: boolean): string {
  if (state === VerificationState.Limited) return '/limited-account'
  return verified ? '/kyc' : '/unverified-account'
}

/** The pages that already say what the banner says. */
const explainingPages = new Set(['/unverified-account', '/limited-account'])

export function VerificationBanner() {
  const { t } = useTranslation('verification')
  const { pathname } = useLocation()
  const { status } = useUserStatus()
  if (!status?.bannerWarning || explainingPages.has(pathname)) return null
  const state = status.verificationState
  return (
    <Alert
      color={state === VerificationState.Limited ? 'red' : 'yellow'}
      title={t(`banner.${state}.title`)}
      mb="md"
      role="note"
      data-testid="verification-banner"
      data-state={state}
    >
      <Text size="sm">
        {t(`banner.${state}.text`, { count: status.requiredActionCount })}{' '}
        {/* The alert's own text colour: the brand's link colour falls below 4.5:1 on yellow. */}
        <Anchor
          component={Link}
          to={verificationPage(state, status.verified)}
          size="sm"
          fw={600}
          c="inherit"
          underline="always"
        >
          {t('banner.more')}
        </Anchor>
      </Text>
    </Alert>
  )
}
