// /terms: the legal terms. A signed-in customer with terms still to accept (a TE answer,
// product-spec section 8) ticks and accepts them here and goes on with the post-login
// routing; anyone else reads the brand's terms and privacy documents.
import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Anchor, Button, Checkbox, Stack, Text } from '@mantine/core'
import { useBrand } from '../../brand/brand-context.tsx'
import { api, session } from '../../api/client.ts'
import { invalidateCustomerInfo, useCustomerInfo } from '../../api/get-customer-info.ts'
import { describeFailure } from '../../../shared/response-codes.ts'
import type { CustomerTerm } from '../../api/post-login/post-login.ts'
import { useRouteAfterSignIn } from '../../api/post-login/use-route-after-sign-in.ts'
import { PublicPage } from '../../components/public-page.tsx'
import { ResponseCode } from '../../../generated/constants.ts'

export function Component() {
  const { t } = useTranslation(['access', 'common'])
  const brand = useBrand()
  const { terms, ...acceptance } = useTermsAcceptance()

  if (!session.isSignedIn || (terms && terms.length === 0)) {
    return (
      <PublicPage title={t('access:terms.title')}>
        <Text>{t('access:terms.documents')}</Text>
        <Anchor href={brand.legalLinks.terms} target="_blank" rel="noreferrer">
          {t('common:footer.terms')}
        </Anchor>
        <Anchor href={brand.legalLinks.privacy} target="_blank" rel="noreferrer">
          {t('common:footer.privacy')}
        </Anchor>
        <Anchor component={Link} to={session.isSignedIn ? '/home' : '/login'}>
          {t(session.isSignedIn ? 'access:toHome' : 'access:toLogin')}
        </Anchor>
      </PublicPage>
    )
  }

  return <PendingTerms terms={terms} {...acceptance} />
}

/**
 * The terms to accept, handed over by the post-login routing or read from the customer's
 * answer, and their acceptance.
 */
function useTermsAcceptance() {
  const { t } = useTranslation(['access', 'common'])
  const location = useLocation()
  const routeOnward = useRouteAfterSignIn()
  const handed = (location.state as { terms?: CustomerTerm[] } | null)?.terms
  const [answered, setTerms] = useState<CustomerTerm[] | null>(handed ?? null)
  const queryClient = useQueryClient()
  const info = useCustomerInfo({ enabled: !answered && session.isSignedIn })
  const reply = info.data?.data as { responseCode?: string; terms?: CustomerTerm[] } | undefined
  const asked = reply
    ? reply.responseCode === ResponseCode.TermsError
      ? (reply.terms ?? [])
      : []
    : null
  const terms = answered ?? asked
  const [accepted, setAccepted] = useState<number[]>([])
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function accept() {
    if (!terms) return
    setBusy(true)
    setError(null)
    const { data, response } = await api.POST('/rpc/termsAccept', {
      body: { termIds: terms.map((term) => term.id) },
    })
    setBusy(false)
    const body = data as { responseCode?: string; terms?: CustomerTerm[] } | undefined
    if (body?.responseCode !== ResponseCode.Success) {
      const failure = describeFailure(body, response.status)
      return setError(failure.text ?? failure.title ?? t('common:errors.server'))
    }
    if (body.terms?.length) return setTerms(body.terms)
    // The customer's answer no longer carries terms to accept.
    await invalidateCustomerInfo(queryClient)
    await routeOnward()
  }

  return { terms, accepted, setAccepted, error, busy, accept }
}

function PendingTerms({
  terms,
  accepted,
  setAccepted,
  error,
  busy,
  accept,
}: ReturnType<typeof useTermsAcceptance>) {
  const { t } = useTranslation(['access', 'common'])
  return (
    <PublicPage title={t('access:terms.pendingTitle')}>
      <Text>{t('access:terms.pendingText')}</Text>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Stack gap="xs">
        {(terms ?? []).map((term) => (
          <Checkbox
            key={term.id}
            checked={accepted.includes(term.id)}
            onChange={(event) =>
              setAccepted(
                event.currentTarget.checked
                  ? [...accepted, term.id]
                  : accepted.filter((id) => id !== term.id),
              )
            }
            label={
              term.url ? (
                <Anchor href={term.url} target="_blank" rel="noreferrer">
                  {term.label}
                </Anchor>
              ) : (
                term.label
              )
            }
            description={term.text}
          />
        ))}
      </Stack>
      <Button
        loading={busy}
        disabled={!terms || accepted.length !== terms.length}
        onClick={() => void accept()}
      >
        {t('access:terms.accept')}
      </Button>
      <Button variant="subtle" onClick={() => void session.signOut()} component={Link} to="/login">
        {t('common:signOut')}
      </Button>
    </PublicPage>
  )
}
