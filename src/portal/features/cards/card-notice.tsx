// What a card page says after an action: the success for 8 s (as a saved change's notice), or
// the server's refusal until closed; and a failed load of the cards.
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@mantine/core'
import type { FailureText } from '../../components/transfer/transfer-display.ts'
import type { ActionResult } from './use-card-action.ts'

const noticeMs = 8000

export function Notice({ result, onClose }: { result: ActionResult | null; onClose(): void }) {
  useEffect(() => {
    if (!result?.ok) return
    const timer = setTimeout(onClose, noticeMs)
    return () => clearTimeout(timer)
  }, [result, onClose])
  if (!result) return null
  if (result.ok)
    return (
      <Alert
        color="green"
        role="status"
        withCloseButton
        onClose={onClose}
        data-testid="card-notice"
      >
        {result.text}
      </Alert>
    )
  return <Failure failure={result.failure} onClose={onClose} />
}

export function Failure({ failure, onClose }: { failure: FailureText; onClose?: () => void }) {
  const { t } = useTranslation('common')
  return (
    <Alert
      color="red"
      role="alert"
      title={failure.title ?? t('errors.error')}
      data-testid="card-refusal"
      {...(onClose && { withCloseButton: true, onClose })}
    >
      {failure.text ?? (failure.title ? null : t('errors.server'))}
    </Alert>
  )
}
