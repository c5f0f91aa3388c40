// "Verify my identity": starts an identity check of the signed-in customer
// (identityVerificationStart, product-spec section 7) and opens the run's page (section 2);
// a refusal (no check needed now, too many started) shows the server's reason (section 8).
import { useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Button, Group, Stack } from '@mantine/core'
import { useIdentityVerificationStart } from '../api/identity-verification-start.ts'

/**
 * Starts an identity check and opens its page; a refusal shows the server's reason. `beside`
 * goes in the same row (another way forward of the page).
 */
export function IdentityCheckStartButton({ beside }: { beside?: ReactNode }) {
  const { t } = useTranslation(['identity', 'common'])
  const navigate = useNavigate()
  const start = useIdentityVerificationStart()
  const [failure, setFailure] = useState<string | null>(null)
  async function begin() {
    setFailure(null)
    try {
      const answer = await start.mutateAsync()
      if (answer.ok) void navigate(answer.url)
      else setFailure(answer.message ?? t('common:errors.server'))
    } catch {
      setFailure(t('common:errors.network'))
    }
  }
  return (
    <Stack gap="xs">
      <Group>
        <Button loading={start.isPending} onClick={() => void begin()}>
          {t('identity:start')}
        </Button>
        {beside}
      </Group>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
    </Stack>
  )
}
