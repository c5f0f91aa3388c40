// Adding money (issue 16 item 7; invoiceFundingCreate): the customer says how much, the server
// makes a funding invoice to the customer's own account, and the dialog shows what to pay and
// where - the bank details of the account the invoice pays into (paymentInstructionList) - and
// the invoice's PDF. A failure reads "Failed to generate invoice. Please, try again."
// (product-spec section 8), with the server's reason under it when it gave one.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Anchor, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core'
import { useOperationMutation, useOperationQuery } from '../../api/operation-query.ts'
import { useMoney } from '../../i18n/use-money.ts'
import {
  failureText,
  isPositiveAmount,
  type FailureText,
  type TransferAnswer,
} from '../../components/transfer/transfer-display.ts'
import { Loading } from '../../components/loading.tsx'
import { useOwnAccounts } from '../../components/transfer/use-own-accounts.ts'
import { AccountSelect, readyAccounts } from '../transfers/transfer-shell.tsx'
import { ResponseCode } from '../../../generated/constants.ts'
import { DialogFooter, InvoiceDialog } from './invoice-dialog.tsx'
import { changedByInvoice, type Invoice } from './invoice-data.ts'

/** The spec's text for an invoice not made, the server's reason (if any) under it. */
export function useInvoiceFailure() {
  const { t } = useTranslation('invoices')
  return (answer: TransferAnswer | undefined, status: number): FailureText => {
    const reason = answer && status > 0 && status < 500 ? failureText(answer, status) : null
    const detail = [reason?.title, reason?.text].filter(Boolean).join(': ')
    return { title: t('failed'), text: detail || null }
  }
}

export function AddMoneyDialog(props: { onClose(): void }) {
  const { t } = useTranslation(['invoices', 'transfers'])
  const accounts = readyAccounts(useOwnAccounts().state)
  const [from, setFrom] = useState('')
  const account = accounts.find((a) => String(a.accountId) === from) ?? accounts[0]
  const [amount, setAmount] = useState('')
  const [invalid, setInvalid] = useState<string | undefined>()
  const [failure, setFailure] = useState<FailureText | null>(null)
  const [invoice, setInvoice] = useState<Invoice | null>(null)
  const create = useOperationMutation('invoiceFundingCreate', { invalidates: changedByInvoice })
  const failed = useInvoiceFailure()

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const wrong = isPositiveAmount(amount) ? undefined : t('transfers:errors.amount')
    setInvalid(wrong)
    if (wrong) return
    setFailure(null)
    try {
      const { data, status } = await create.mutateAsync({
        amount: amount.trim(),
        ...(account && { accountId: account.accountId }),
      })
      if (data?.responseCode === ResponseCode.Success && data.invoice) setInvoice(data.invoice)
      else setFailure(failed(data, status))
    } catch {
      setFailure(failed(undefined, 0))
    }
  }

  return (
    <InvoiceDialog onClose={props.onClose} title={t('addMoney.title')} size="lg">
      {invoice ? (
        <FundingDetails invoice={invoice} onClose={props.onClose} />
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack>
            <Text>{t('addMoney.intro')}</Text>
            {accounts.length > 1 && (
              <AccountSelect
                label={t('addMoney.fundAccount')}
                accounts={accounts}
                value={account ? String(account.accountId) : ''}
                onChange={setFrom}
              />
            )}
            <TextInput
              label={
                account
                  ? t('transfers:amountIn', { currency: account.currencyCode })
                  : t('addMoney.amount')
              }
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.currentTarget.value)}
              error={invalid}
              required
            />
            <DialogFooter
              failure={failure}
              pending={create.isPending}
              submit={t('addMoney.submit')}
              onCancel={props.onClose}
            />
          </Stack>
        </form>
      )}
    </InvoiceDialog>
  )
}

/** The funding invoice made: the amount to pay, the bank details to pay it to, the PDF. */
function FundingDetails({ invoice, onClose }: { invoice: Invoice; onClose(): void }) {
  const { t } = useTranslation('invoices')
  const money = useMoney()
  // The invoice carries its bank-wire details; else the account's own instructions.
  const accountId = invoice.paymentInstruction ? undefined : invoice.payeeAccountId
  const query = useOperationQuery(
    'paymentInstructionList',
    { accountId: accountId ?? 0 },
    { enabled: accountId !== undefined },
  )
  const loading = accountId !== undefined && query.isPending
  const reply = query.data?.data
  const instruction =
    invoice.paymentInstruction ??
    (reply?.responseCode === ResponseCode.Success ? reply.instructions?.[0] : undefined)
  const rows: [string, string | undefined][] = instruction
    ? [
        ['beneficiary', instruction.beneficiaryName],
        ['account', instruction.bankAccountNumber],
        ['bank', instruction.bankName],
        ['bankAddress', instruction.bankAddress],
        ['swift', instruction.swift],
        ['reference', instruction.reference],
      ]
    : []
  return (
    <Stack data-testid="funding-details">
      <Text>{t('addMoney.made')}</Text>
      <Text size="sm" fw={700}>
        {t('addMoney.toPay')}
      </Text>
      <Text fz="xl" fw={700} data-testid="funding-amount">
        {money(invoice.amount, invoice.currencyCode)}
      </Text>
      {loading && <Loading />}
      {rows.length > 0 ? (
        <>
          <Text size="sm" fw={700}>
            {t('addMoney.details')}
          </Text>
          <Table
            variant="vertical"
            layout="fixed"
            data-testid="bank-details"
            aria-label={t('addMoney.details')}
          >
            <Table.Tbody>
              {rows
                .filter(([, value]) => value)
                .map(([name, value]) => (
                  <Table.Tr key={name}>
                    <Table.Th w="40%" fw={400}>
                      {t(`addMoney.${name}`)}
                    </Table.Th>
                    <Table.Td
                      fw={600}
                      translate="no"
                      style={{ overflowWrap: 'anywhere' }}
                      data-testid={`bank-${name}`}
                    >
                      {value}
                    </Table.Td>
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
        </>
      ) : (
        !loading && <Text data-testid="no-bank-details">{t('addMoney.noDetails')}</Text>
      )}
      <Group justify="space-between">
        {invoice.urlPdf ? (
          <Anchor href={invoice.urlPdf} target="_blank" rel="noopener">
            {t('pdf')}
          </Anchor>
        ) : (
          <span />
        )}
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </Group>
    </Stack>
  )
}
