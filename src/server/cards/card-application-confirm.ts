// cardApplicationConfirm: takes a card application's fees through the ledger and starts issuing
// it (product-spec section 7, confirm-card/{cardId}). A virtual card is active at once; a
// physical one goes to processing (41) and the issuer moves it on (printing, printed,
// shipped), or to pending document (65) while the customer's identity is not verified. A
// retry with the same idempotencyKey answers the first result; the fee is taken once per card.
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { changeCardAccount } from '../ledger/card-accounts.ts'
import { cardIssuer } from '../adapters/card-issuer/card-issuers.ts'
import { AccountStatus } from '../../generated/constants.ts'
import { changeCardRecord } from './card-records.ts'
import { cardOf } from './card-view.ts'
import { refuseCard, ruleText, withCard } from './card-rules.ts'
import { moveCardMoney } from './card-fees.ts'
import { customerOf, feeJson, isFieldError, paymentAccountFor } from './card-quotes.ts'

export const handler: Handler<'cardApplicationConfirm'> = async (context, input) =>
  withCard<'cardApplicationConfirm'>(
    context,
    input.cardId,
    async ({ tx, acting, card, record }) => {
      const fee = feeJson(record.applicationFeeMinor, card.currencyCode)
      if (record.confirmedAt) {
        if (record.lastChangeKey !== input.idempotencyKey)
          return refuseCard(ruleText.confirm, 'cardId')
        return rpcOk({ card: await cardOf(tx, card), fee })
      }
      if (card.statusId !== AccountStatus.Submitted) return refuseCard(ruleText.confirm, 'cardId')
      const feeAccount = await paymentAccountFor(
        tx,
        acting.customerId,
        record.feeAccountId,
        card.currencyCode,
        'cardId',
      )
      if (isFieldError(feeAccount)) {
        return refuseCard('refusal.cards.feeAccountCannot.confirm', 'cardId')
      }
      if (record.applicationFeeMinor > 0n) {
        await moveCardMoney(tx, {
          idempotencyKey: `card-issue:${card.id}`,
          kind: 'card_fee',
          words: 'cardIssueFee',
          fromAccountId: feeAccount.id,
          currencyCode: card.currencyCode,
          amountMinor: record.applicationFeeMinor,
          fromField: 'cardId',
        })
      }
      const virtual = card.cardIsVirtual === true
      const changed = await changeCardAccount(tx, card.id, {
        statusId: virtual ? AccountStatus.Active : AccountStatus.Processing,
      })
      await changeCardRecord(tx, card.id, {
        confirmedAt: new Date(),
        lastChangeKey: input.idempotencyKey,
        ...(virtual ? { activatedAt: new Date() } : {}),
      })
      if (!virtual) {
        const customer = await customerOf(tx, acting.customerId)
        await cardIssuer().ship(tx, {
          accountId: card.id,
          target: 'card',
          documentMissing: !customer.verified,
        })
      }
      return rpcOk({ card: await cardOf(tx, changed), fee })
    },
    { field: 'cardId' },
  )
