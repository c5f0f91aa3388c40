// The payment's end states as the recipient reads them (product-spec sections 3 and 4), and
// the refusal: a confirmation, then globalRecipientPaymentCancel; the money goes back to the
// sender and the page shows the payment refused.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Button, Group, Modal, Text } from '@mantine/core'
import { ResponseCode } from '../../../generated/constants.ts'
import { useRefusePayment } from './api/recipient-actions.ts'
import { failureMessage } from './receive-failure.ts'

/** The status words the page has a text for; any other reads as "not available". */
const outcomes = ['paying', 'paid', 'refused', 'returned'] as const

export function PaymentOutcome({ status }: { status: string }) {
  const { t } = useTranslation('receive')
  const known = (outcomes as readonly string[]).includes(status) ? status : 'other'
  const color =
    known === 'paying' || known === 'paid' ? 'green' : known === 'other' ? 'red' : 'gray'
  return (
    <Alert
      color={color}
      role="status"
      aria-live="polite"
      title={t(`outcome.${known}.title`)}
      data-testid="receive-outcome"
      data-outcome={known}
    >
      {t(`outcome.${known}.text`)}
    </Alert>
  )
}

export function RefuseButton(props: { paymentSecret: string; paymentId: number }) {
  const { t } = useTranslation(['receive', 'common'])
  const [open, setOpen] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const refusal = useRefusePayment(props.paymentSecret, props.paymentId)
  const confirm = async () => {
    setError(null)
    try {
      const answer = await refusal.refuse()
      if (answer.data?.responseCode === ResponseCode.Success) setOpen(false)
      else setError(failureMessage(answer, t))
    } catch {
      setError(t('common:errors.network'))
    }
  }
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>
        {t('refuse.button')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('refuse.title')} centered>
        <Text>{t('refuse.text')}</Text>
        {error && (
          <Alert color="red" role="alert" mt="sm">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setOpen(false)} disabled={refusal.isPending}>
            {t('refuse.keep')}
          </Button>
          <Button color="red.9" onClick={() => void confirm()} loading={refusal.isPending}>
            {t('refuse.confirm')}
          </Button>
        </Group>
      </Modal>
    </>
  )
}
