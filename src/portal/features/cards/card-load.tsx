// Loading a card from a payment account (issue 17; product-spec section 4: only an active card
// that is not fraud, which the card's canLoad flag says): the account in the card's currency
// and the amount, the review before money moves, one idempotency key per attempt and the
// outcome popup, as on the transfer pages (use-transfer-submit.ts).
import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Button, Group, Paper, Stack, Title } from '@mantine/core'
import { api } from '../../api/client.ts'
import { invalidateOperations } from '../../api/operation-query.ts'
import { useMoney } from '../../i18n/use-money.ts'
import { isPositiveAmount } from '../../components/transfer/transfer-display.ts'
import { accountLabel } from '../../components/transfer/use-own-accounts.ts'
import { useTransferSubmit } from '../transfers/use-transfer-submit.ts'
import { ReviewPanel, type ReviewLine } from '../transfers/transfer-review.tsx'
import { AmountInput } from '../transfers/transfer-shell.tsx'
import { changedByCard, usePaymentAccounts, type Account, type Card } from './card-data.ts'
import { ResponseCode } from '../../../generated/constants.ts'
import { AccountChoice } from './card-fees.tsx'
import { useCardTitle } from './card-face.tsx'

/** What the review shows, and the load itself with the attempt's key. */
function useLoadReview(card: Card) {
  const { t } = useTranslation('cards')
  const money = useMoney()
  const title = useCardTitle()(card)
  const lines = (source: Account, sent: string): ReviewLine[] => [
    {
      name: 'from',
      label: t('load.from'),
      value: accountLabel(source, money(source.balance, source.currencyCode)),
    },
    {
      name: 'to',
      label: t('load.to'),
      value: `${title} ${card.maskedCardNumber ?? ''}`.trim(),
      verbatim: true,
    },
    {
      name: 'youSend',
      label: t('load.amount'),
      value: money(sent, card.currencyCode),
      strong: true,
    },
  ]
  const call = (source: Account, sent: string) => async (idempotencyKey: string) => {
    const { data, response } = await api.POST('/rpc/cardLoad', {
      body: {
        accountId: card.accountId,
        fromAccountId: source.accountId,
        amount: sent,
        idempotencyKey,
      },
    })
    // The load's answer is a transfer's: its transaction id goes to the outcome popup.
    const transactionId = data?.transactionId ? Number(data.transactionId) : undefined
    return { data: data && { ...data, transactionId }, response } as never
  }
  return { lines, call }
}

export function CardLoad({ card, onClose }: { card: Card; onClose(): void }) {
  const { t } = useTranslation(['cards', 'transfers'])
  const client = useQueryClient()
  const review = useLoadReview(card)
  const accounts = (usePaymentAccounts() ?? []).filter(
    (account) => account.currencyCode === card.currencyCode,
  )
  const submitter = useTransferSubmit(() => void invalidateOperations(client, changedByCard))
  const [from, setFrom] = useState('')
  const [amount, setAmount] = useState('')
  const [invalid, setInvalid] = useState<Record<string, string>>({})
  const source = accounts.find((account) => String(account.accountId) === from)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const found: Record<string, string> = {}
    if (!source) found.from = t('errors.required')
    if (!isPositiveAmount(amount)) found.amount = t('transfers:errors.amount')
    setInvalid(found)
    if (!source || Object.keys(found).length > 0) return
    const sent = amount.trim()
    await submitter.openReview(
      () => Promise.resolve(review.lines(source, sent)),
      review.call(source, sent),
      (answer) => {
        if (answer?.responseCode === ResponseCode.Success) setAmount('')
      },
    )
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="card-load-title">
      <Stack>
        <Title order={2} size="h4" id="card-load-title">
          {t('load.title')}
        </Title>
        {submitter.review && (
          <ReviewPanel
            lines={submitter.review.lines}
            busy={submitter.busy}
            onBack={submitter.back}
            onConfirm={() => void submitter.confirm()}
          />
        )}
        <form
          onSubmit={(event) => void submit(event)}
          noValidate
          hidden={submitter.review !== null}
          style={submitter.review ? { display: 'none' } : undefined}
        >
          <Stack>
            <AccountChoice
              label={t('load.from')}
              accounts={accounts}
              value={from}
              onChange={setFrom}
              error={invalid.from}
            />
            <AmountInput
              currency={card.currencyCode}
              value={amount}
              onChange={setAmount}
              error={invalid.amount}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={submitter.busy}>
                {t('load.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
      {submitter.popups}
    </Paper>
  )
}
