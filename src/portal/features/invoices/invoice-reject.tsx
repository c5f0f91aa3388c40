// Rejecting a received invoice (invoiceReject), after a confirmation that says whose invoice and
// how much, with an optional note to the payee. A refusal stays in the dialog.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Stack, Text, Textarea } from '@mantine/core'
import { useOperationMutation } from '../../api/operation-query.ts'
import { useMoney } from '../../i18n/use-money.ts'
import { failureText, type FailureText } from '../../components/transfer/transfer-display.ts'
import { ResponseCode } from '../../../generated/constants.ts'
import { DialogFooter, InvoiceDialog } from './invoice-dialog.tsx'
import { changedByInvoice, type Invoice } from './invoice-data.ts'

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
          <DialogFooter
            failure={failure}
            pending={reject.isPending}
            submit={t('reject.confirm')}
            color="red.8"
            onCancel={props.onClose}
          />
        </Stack>
      </form>
    </InvoiceDialog>
  )
}
