// Requesting money (invoiceCreate, the requestMoney permission of product-spec section 6): the
// payer's e-mail, the amount in the currency of one of the customer's accounts, a due date
// (today or later) and a note. A failure reads "Failed to generate invoice. Please, try again."
// (section 8), with the server's reason under it when it gave one.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Group, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core'
import { useOperationMutation } from '../../api/operation-query.ts'
import { DateField } from '../../components/date-field.tsx'
import { useOwnAccounts } from '../../components/transfer/use-own-accounts.ts'
import { isPositiveAmount, type FailureText } from '../../components/transfer/transfer-display.ts'
import { readyAccounts } from '../transfers/transfer-shell.tsx'
import { isCheckableEmail } from '../transfers/p2p-page.tsx'
import { ResponseCode } from '../../../generated/constants.ts'
import { DialogFooter, InvoiceDialog } from './invoice-dialog.tsx'
import { changedByInvoice } from './invoice-data.ts'
import { useInvoiceFailure } from './add-money.tsx'

/** Today as the date input writes it (YYYY-MM-DD), in the reader's time zone. */
function today(): string {
  const now = new Date()
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

interface RequestFields {
  email: string
  amount: string
  currency: string
  due: string
  note: string
}

function checkRequest(fields: RequestFields, t: (key: string) => string) {
  const found: Record<string, string> = {}
  if (!isCheckableEmail(fields.email.trim())) found.email = t('transfers:errors.email')
  if (!isPositiveAmount(fields.amount)) found.amount = t('transfers:errors.amount')
  if (!fields.currency) found.currency = t('transfers:errors.required')
  if (fields.due && fields.due < today()) found.due = t('request.duePast')
  return found
}

export function RequestMoneyDialog(props: { onClose(): void; onDone(text: string): void }) {
  const { t } = useTranslation(['invoices', 'transfers'])
  const currencies = [...new Set(readyAccounts(useOwnAccounts().state).map((a) => a.currencyCode))]
  const [fields, setFields] = useState<RequestFields>({
    email: '',
    amount: '',
    currency: '',
    due: '',
    note: '',
  })
  const set = (part: Partial<RequestFields>) => setFields((old) => ({ ...old, ...part }))
  const currency = fields.currency || currencies[0] || ''
  const [invalid, setInvalid] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<FailureText | null>(null)
  const create = useOperationMutation('invoiceCreate', { invalidates: changedByInvoice })
  const failed = useInvoiceFailure()

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const found = checkRequest({ ...fields, currency }, t)
    setInvalid(found)
    if (Object.keys(found).length > 0) return
    const toEmail = fields.email.trim()
    try {
      const { data, status } = await create.mutateAsync({
        toEmail,
        amount: fields.amount.trim(),
        currency,
        ...(fields.due && { dueDate: fields.due }),
        ...(fields.note.trim() && { noteBody: fields.note.trim() }),
      })
      if (data?.responseCode === ResponseCode.Success)
        props.onDone(t('request.done', { email: toEmail }))
      else setFailure(failed(data, status))
    } catch {
      setFailure(failed(undefined, 0))
    }
  }

  return (
    <InvoiceDialog onClose={props.onClose} title={t('request.title')}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <TextInput
            label={t('request.email')}
            type="email"
            value={fields.email}
            onChange={(e) => set({ email: e.currentTarget.value })}
            error={invalid.email}
            autoComplete="off"
            required
          />
          <Group grow align="flex-start" wrap="nowrap">
            <TextInput
              label={t('request.amount')}
              inputMode="decimal"
              value={fields.amount}
              onChange={(e) => set({ amount: e.currentTarget.value })}
              error={invalid.amount}
              required
            />
            <NativeSelect
              label={t('request.currency')}
              data={currencies}
              value={currency}
              onChange={(e) => set({ currency: e.currentTarget.value })}
              error={invalid.currency}
              required
            />
          </Group>
          <DateField
            label={t('request.due')}
            value={fields.due}
            onChange={(due) => set({ due })}
            error={invalid.due}
          />
          <Textarea
            label={t('request.note')}
            value={fields.note}
            onChange={(e) => set({ note: e.currentTarget.value })}
            maxLength={1000}
            autosize
            minRows={2}
          />
          <DialogFooter
            failure={failure}
            pending={create.isPending}
            submit={t('request.submit')}
            onCancel={props.onClose}
          />
        </Stack>
      </form>
    </InvoiceDialog>
  )
}
