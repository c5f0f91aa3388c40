// The invoice pages' dialogs (reject, request money, add money): centred, their close button
// named in the page's language, as axe asks of an icon button (button-name).
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Modal, type ModalProps } from '@mantine/core'

export function InvoiceDialog(props: {
  title: string
  onClose(): void
  size?: ModalProps['size']
  children: ReactNode
}) {
  const { t } = useTranslation('invoices')
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={props.title}
      centered
      {...(props.size !== undefined && { size: props.size })}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {props.children}
    </Modal>
  )
}
