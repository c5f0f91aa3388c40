// /auth/sei: where a partner sends a person to sign in with the portal (OAuth, product-spec
// sections 2 and 7). Behind the login (the path with its query is remembered), it asks the
// token service for the authorize screen and opens it; an unknown client or redirect address
// (404) goes to the root.
import { useEffect, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Stack } from '@mantine/core'
import { send } from '../../api/client.ts'
import { Loading } from '../../components/loading.tsx'

export function Component() {
  const { t } = useTranslation(['access', 'common'])
  const location = useLocation()
  const navigate = useNavigate()
  const [error, setError] = useState<string | null>(null)
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    const url = new URL(`/auth/sei/authorize${location.search}`, window.location.origin)
    void send(new Request(url))
      .then(async (response) => {
        if (response.status === 404) return navigate('/', { replace: true })
        const body = (await response.json().catch(() => ({}))) as {
          authorizeUrl?: string
          message?: string
          errors?: { parameter: string; description: string }[]
        }
        if (response.ok && body.authorizeUrl) return navigate(body.authorizeUrl, { replace: true })
        setError(
          body.errors?.map((e) => `${e.parameter} ${e.description}`).join(', ') ??
            body.message ??
            t('common:errors.server'),
        )
      })
      .catch(() => setError(t('common:errors.network')))
  }, [location.search, navigate, t])

  return (
    <Stack maw={560}>
      {error ? (
        <Alert color="red" role="alert" title={t('access:oauth.failed')}>
          {error}
        </Alert>
      ) : (
        <Loading />
      )}
    </Stack>
  )
}
