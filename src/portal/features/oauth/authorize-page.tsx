// /oauth/authorize/:authorizationId: the OAuth authorize screen (product-spec section 2). The
// person allows the partner to sign them in; the answer's redirect_uri (with the code and
// state) makes the portal sign out and go there (section 7). Declining goes home.
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { send, session } from '../../api/client.ts'

export function Component() {
  const { t } = useTranslation(['access', 'common'])
  const { authorizationId = '' } = useParams()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function allow() {
    setBusy(true)
    setError(null)
    try {
      const response = await send(
        new Request(
          new URL(
            `/auth/sei/authorize/${encodeURIComponent(authorizationId)}`,
            window.location.origin,
          ),
          { method: 'POST' },
        ),
      )
      const body = (await response.json().catch(() => ({}))) as {
        redirect_uri?: string
        message?: string
      }
      if (response.ok && body.redirect_uri) {
        await session.signOut()
        window.location.assign(body.redirect_uri)
        return
      }
      setError(body.message ?? t('common:errors.server'))
    } catch {
      setError(t('common:errors.network'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Stack maw={560}>
      <Title order={1} size="h2">
        {t('access:oauth.title')}
      </Title>
      <Paper withBorder p="md">
        <Stack>
          <Text>{t('access:oauth.text')}</Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group>
            <Button loading={busy} onClick={() => void allow()}>
              {t('access:oauth.allow')}
            </Button>
            <Button variant="default" component={Link} to="/home">
              {t('access:oauth.decline')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  )
}
