// The invoice pages' dialogs (reject, request money, add money): centred, their close button
// named by the theme (portal-theme.tsx).
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Button, Group, Modal, type ModalProps } from '@mantine/core'
import type { FailureText } from '../../components/transfer/transfer-display.ts'

export function InvoiceDialog(props: {
  title: string
  onClose(): void
  size?: ModalProps['size']
  children: ReactNode
}) {
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={props.title}
      centered
      {...(props.size !== undefined && { size: props.size })}
    >
      {props.children}
    </Modal>
  )
}

/** What the server or the network refused, as an alert. */
export function FailureAlert({ failure }: { failure: FailureText }) {
  const { t } = useTranslation('common')
  return (
    <Alert color="red" role="alert" title={failure.title ?? t('errors.error')}>
      {failure.text ?? (failure.title ? null : t('errors.server'))}
    </Alert>
  )
}

/** A dialog form's end: the failure, if any, then Cancel and the form's own submit button. */
export function DialogFooter(props: {
  failure: FailureText | null
  pending: boolean
  submit: string
  color?: string
  onCancel(): void
}) {
  const { t } = useTranslation('invoices')
  return (
    <>
      {props.failure && <FailureAlert failure={props.failure} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onCancel} disabled={props.pending}>
          {t('actions.cancel')}
        </Button>
        <Button
          type="submit"
          loading={props.pending}
          {...(props.color !== undefined && { color: props.color })}
        >
          {props.submit}
        </Button>
      </Group>
    </>
  )
}
