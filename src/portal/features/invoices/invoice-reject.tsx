// Rejecting a received invoice (invoiceReject), after a confirmation that says whose invoice and
// how much, with an optional note to the payee. A refusal stays in the dialog.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core'
import { useOperationMutation } from '../../api/operation-query.ts'
import { useMoney } from '../../i18n/use-money.ts'
import { failureText, type FailureText } from '../../components/transfer/transfer-display.ts'
import { ResponseCode } from '../../../generated/constants.ts'
import { InvoiceDialog } from './invoice-dialog.tsx'
import { changedByInvoice, type Invoice } from './invoice-data.ts'

export function FailureAlert({ failure }: { failure: FailureText }) {
  const { t } = useTranslation('common')
  return (
    <Alert color="red" role="alert" title={failure.title ?? t('errors.error')}>
      {failure.text ?? (failure.title ? null : t('errors.server'))}
    </Alert>
  )
}

export function RejectDialog(props: {
  invoice: Invoice
  onClose(): void
  /** The rejection was done; the page says so. */
  onDone(text: string): void
}) {
  const { t } = useTranslation(['invoices', 'common'])
  const money = useMoney()
  const { invoice } = props
  const [note, setNote] = useState('')
  const [failure, setFailure] = useState<FailureText | null>(null)
  const reject = useOperationMutation('invoiceReject', { invalidates: changedByInvoice })
  const name = invoice.payeeName ?? invoice.payeeEmail ?? ''

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    try {
      const { data, status } = await reject.mutateAsync({
        invoiceId: invoice.id,
        ...(note.trim() && { note: note.trim() }),
      })
      if (data?.responseCode === ResponseCode.Success) props.onDone(t('reject.done'))
      else setFailure(failureText(data, status))
    } catch {
      setFailure({ title: null, text: t('common:errors.network') })
    }
  }

  return (
    <InvoiceDialog onClose={props.onClose} title={t('reject.title')}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <Text>
            {t('reject.text', { name, amount: money(invoice.amount, invoice.currencyCode) })}
          </Text>
          <Textarea
            label={t('reject.note')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={1000}
            autosize
            minRows={2}
          />
          {failure && <FailureAlert failure={failure} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose} disabled={reject.isPending}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" color="red.8" loading={reject.isPending}>
              {t('reject.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </InvoiceDialog>
  )
}
