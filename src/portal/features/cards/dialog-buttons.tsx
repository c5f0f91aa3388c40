// Cancel and the dialog's own action, at the foot of every card dialog, and where a dialog's
// refusal shows.
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Group } from '@mantine/core'
import type { FailureText } from '../../components/transfer/transfer-display.ts'
import { Failure } from './card-notice.tsx'
import type { Report } from './use-card-action.ts'

export function DialogButtons(props: {
  busy: boolean
  onClose(): void
  submit: string
  danger?: boolean
}) {
  const { t } = useTranslation('cards')
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={props.onClose} disabled={props.busy}>
        {t('cancel')}
      </Button>
      <Button type="submit" loading={props.busy} {...(props.danger && { color: 'red.8' })}>
        {props.submit}
      </Button>
    </Group>
  )
}

/**
 * A dialog's own refusals stay in the dialog, where the person is looking; a success goes to
 * the page's notice as the dialog closes.
 */
export function useDialogReport(report: Report): { report: Report; failure: ReactNode } {
  const [failure, setFailure] = useState<FailureText | null>(null)
  const inDialog: Report = (result) => {
    if (result && !result.ok) {
      setFailure(result.failure)
      return
    }
    setFailure(null)
    report(result)
  }
  return { report: inDialog, failure: failure && <Failure failure={failure} /> }
}
