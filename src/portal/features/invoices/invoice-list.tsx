// One of the two invoice lists (product-spec section 4): received invoices not paid yet, or
// sent ones awaiting payment, 20 a page (section 9). Each shows the other party's name and
// e-mail, the amount, the due date in the reader's language, the status as a word, the note
// and the PDF when there is one; a received one can be paid or rejected.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Anchor, Badge, Button, Group, Pagination, Paper, Stack, Text } from '@mantine/core'
import { useMoney } from '../../i18n/use-money.ts'
import { failureText } from '../../components/transfer/transfer-display.ts'
import { Loading } from '../../components/loading.tsx'
import { useInvoiceList, type Invoice } from './invoice-data.ts'
import { counterparty, statusWord, type InvoiceSide } from './invoice-rules.ts'

export interface InvoiceActions {
  onPay(invoice: Invoice): void
  onReject(invoice: Invoice): void
}

export function InvoiceList(props: {
  side: InvoiceSide
  /** Paying and rejecting, for a received invoice the viewer may pay; absent otherwise. */
  actions?: InvoiceActions | undefined
}) {
  const { t } = useTranslation(['invoices', 'common'])
  const [page, setPage] = useState(1)
  const list = useInvoiceList(props.side, page)
  if (list.pending) return <Loading />
  if (list.failed) {
    const failure = failureText(list.reply, list.status)
    return (
      <Alert color="red" role="alert" title={failure.title ?? t('common:errors.error')}>
        {failure.text ?? (failure.title ? null : t('common:errors.server'))}
      </Alert>
    )
  }
  if (list.invoices.length === 0)
    return <Text data-testid="invoices-empty">{t(`empty.${props.side}`)}</Text>
  return (
    <Stack data-testid={`invoices-${props.side}`}>
      {list.invoices.map((invoice) => (
        <InvoiceCard key={invoice.id} invoice={invoice} side={props.side} actions={props.actions} />
      ))}
      {list.pages > 1 && (
        <Pagination
          total={list.pages}
          value={page}
          onChange={setPage}
          aria-label={t('pages')}
          getItemProps={(n) => ({ 'aria-label': t('page', { n }) })}
        />
      )}
    </Stack>
  )
}

function InvoiceCard(props: {
  invoice: Invoice
  side: InvoiceSide
  actions?: InvoiceActions | undefined
}) {
  const { t, i18n } = useTranslation('invoices')
  const money = useMoney()
  const { invoice, side } = props
  // A payment waiting for its code or an approver holds the invoice: nothing to do meanwhile.
  const actions = statusWord(invoice, side) === 'unpaid' ? props.actions : undefined
  const due = invoice.dueDate
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${invoice.dueDate}T00:00:00Z`),
      )
    : null
  return (
    <Paper withBorder p="md" radius="md" data-testid="invoice" data-invoice-id={invoice.id}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Party invoice={invoice} side={side} />
          <Text fz="xl" fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="invoice-amount">
            {money(invoice.amount, invoice.currencyCode)}
          </Text>
        </Group>
        <Group gap="sm">
          <Badge variant="outline" color="dark" data-testid="invoice-status">
            {t(`status.${statusWord(invoice, side)}`)}
          </Badge>
          <Text size="sm" data-testid="invoice-due">
            {due ? t('due', { date: due }) : t('noDue')}
          </Text>
        </Group>
        {invoice.noteBody && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="invoice-note">
            {t('note', { note: invoice.noteBody })}
          </Text>
        )}
        {invoice.rejectNote && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('rejectNote', { note: invoice.rejectNote })}
          </Text>
        )}
        {(invoice.urlPdf || actions) && (
          <Group justify="space-between" gap="xs">
            {invoice.urlPdf ? (
              <Anchor href={invoice.urlPdf} target="_blank" rel="noopener" size="sm">
                {t('pdf')}
              </Anchor>
            ) : (
              <span />
            )}
            {actions && (
              <Group gap="xs">
                <Button variant="default" onClick={() => actions.onReject(invoice)}>
                  {t('actions.reject')}
                </Button>
                <Button onClick={() => actions.onPay(invoice)}>{t('actions.pay')}</Button>
              </Group>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  )
}

/** Who asked or is asked to pay; a funding invoice is money the customer adds to an account. */
function Party({ invoice, side }: { invoice: Invoice; side: InvoiceSide }) {
  const { t } = useTranslation('invoices')
  if (invoice.isFunding)
    return (
      <div style={{ minWidth: 0 }}>
        <Text size="sm">{t('funding.label')}</Text>
        <Text fw={700}>{t('funding.account', { id: invoice.payeeAccountId ?? '' })}</Text>
      </div>
    )
  const who = counterparty(invoice, side)
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="sm">{t(`party.${side}`)}</Text>
      <Text fw={700} translate="no" style={{ overflowWrap: 'anywhere' }}>
        {who.name ?? who.email}
      </Text>
      {who.name && who.email && (
        <Text size="sm" translate="no" style={{ overflowWrap: 'anywhere' }}>
          {who.email}
        </Text>
      )}
    </div>
  )
}
