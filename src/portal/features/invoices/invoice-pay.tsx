// Paying a received invoice (issue 16 item 1): the P2P transfer that carries the invoice's id
// (product-spec section 7), from an account in the invoice's currency, through the same review
// as a P2P (what you pay, the fee, the total, what they get, the payee as the server names
// them), then the approval step and the outcome popup of the transfer pages. The submitter is
// the page's, so its popups stay when this panel closes after the payment.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { api } from '../../api/client.ts'
import { useMoney } from '../../i18n/use-money.ts'
import { useOwnAccounts } from '../../components/transfer/use-own-accounts.ts'
import { Loading } from '../../components/loading.tsx'
import type { TransferSubmit } from '../transfers/use-transfer-submit.ts'
import { feeNow, ReviewPanel, useReviewLines } from '../transfers/transfer-review.tsx'
import { TransferFacts } from '../transfers/transfer-facts.tsx'
import { AccountSelect, readyAccounts, useFeeQuote } from '../transfers/transfer-shell.tsx'
import { recipientOf } from '../transfers/p2p-page.tsx'
import type { Invoice } from './invoice-data.ts'

/** The accounts the invoice can be paid from: those in its currency. */
function usePayingAccounts(invoice: Invoice) {
  const { state } = useOwnAccounts()
  const accounts = readyAccounts(state).filter((a) => a.currencyCode === invoice.currencyCode)
  return { loading: state.status === 'loading', accounts }
}

/** Opens the review of paying `invoice` from `accountId`; Confirm sends the P2P with its id. */
function usePayReview(invoice: Invoice, submitter: TransferSubmit) {
  const { t } = useTranslation(['transfers', 'common'])
  const reviewLines = useReviewLines()
  const to = invoice.payeeEmail ?? ''
  return (accountId: number) =>
    submitter.openReview(
      async () => {
        const request = { accountId, amount: invoice.amount }
        return reviewLines({
          amount: invoice.amount,
          currency: invoice.currencyCode,
          fee: await feeNow('p2pTransferFeeGet', request),
          theyGet: { amount: invoice.amount, currency: invoice.currencyCode },
          recipient: await recipientOf(t, to),
          arrives: t('review.arrival.instant'),
        })
      },
      (idempotencyKey) =>
        api.POST('/rpc/p2pTransferSubmit', {
          body: {
            accountId,
            amount: invoice.amount,
            currency: invoice.currencyCode,
            toEmail: to,
            invoiceId: invoice.id,
            platform: 'web',
            idempotencyKey,
          },
        }),
    )
}

export function InvoicePay(props: {
  invoice: Invoice
  submitter: TransferSubmit
  onClose(): void
}) {
  const { t } = useTranslation(['invoices', 'transfers'])
  const money = useMoney()
  const { invoice, submitter } = props
  const { loading, accounts } = usePayingAccounts(invoice)
  const [from, setFrom] = useState('')
  const source = accounts.find((a) => String(a.accountId) === from) ?? accounts[0]
  const fee = useFeeQuote(
    'p2pTransferFeeGet',
    source ? { accountId: source.accountId, amount: invoice.amount } : null,
  )
  const review = usePayReview(invoice, submitter)
  const name = invoice.payeeName ?? invoice.payeeEmail ?? ''

  // The review stands in the panel's place, as on the transfer pages (its own heading and frame).
  if (submitter.review)
    return (
      <ReviewPanel
        lines={submitter.review.lines}
        busy={submitter.busy}
        onBack={submitter.back}
        onConfirm={() => void submitter.confirm()}
      />
    )
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="invoice-pay-title">
      <Stack>
        <Title order={2} size="h3" id="invoice-pay-title">
          {t('pay.title')}
        </Title>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            if (source) void review(source.accountId)
          }}
        >
          <Stack>
            <Text>
              {t('pay.intro', {
                name,
                amount: money(invoice.amount, invoice.currencyCode),
              })}
            </Text>
            {loading && <Loading />}
            {!loading && accounts.length === 0 && (
              <Alert color="yellow" role="status" data-testid="invoice-no-account">
                {t('pay.noAccount', { currency: invoice.currencyCode })}
              </Alert>
            )}
            {accounts.length > 0 && (
              <>
                <AccountSelect
                  label={t('transfers:account.from')}
                  accounts={accounts}
                  value={source ? String(source.accountId) : ''}
                  onChange={setFrom}
                />
                <TransferFacts currency={invoice.currencyCode} facts={fee} />
              </>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={props.onClose} disabled={submitter.busy}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit" loading={submitter.busy} disabled={!source}>
                {t('transfers:submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  )
}
