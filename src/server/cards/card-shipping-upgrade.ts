// cardShippingUpgrade: a physical card (or its replacement) on its way by standard shipping
// goes by express instead (product-spec section 7, "upgrade shipping"). The express fee
// leaves the card's fee account through the ledger under the request's key; a retry with the
// same key answers the first result.
import type { Handler } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { deriveCardFlags } from '../../shared/card-flags.ts'
import { changeCardRecord } from './card-records.ts'
import { cardOf, flagInputOf } from './card-view.ts'
import { refuseCard, ruleText, withCard } from './card-rules.ts'
import { moveCardMoney } from './card-fees.ts'
import { feeJson, feesFor, isFieldError, paymentAccountFor, productOfCard } from './card-quotes.ts'

export const handler: Handler<'cardShippingUpgrade'> = async (context, input) =>
  withCard<'cardShippingUpgrade'>(
    context,
    input.accountId,
    async ({ tx, acting, card, record }) => {
      const fees = await feesFor(tx, acting.customerId, productOfCard(card))
      const option = fees?.shipping.find((o) =>
        input.shippingId === undefined ? o.express : o.id === input.shippingId,
      )
      if (!option || !option.express) {
        return validationFailure([refusal('shippingId', 'refusal.cards.notExpressShipping')])
      }
      if (option.disabledReasons.length > 0) {
        return validationFailure([refusal('shippingId', 'refusal.cards.shippingUnavailable')])
      }
      const key = `card-shipping:${acting.customerId}:${input.idempotencyKey}`
      const fee = feeJson(option.feeMinor, card.currencyCode)
      if (!deriveCardFlags(flagInputOf(card, record)).canUpgradeShipping) {
        if (record.expressShipping && record.lastChangeKey === key) {
          return rpcOk({ card: await cardOf(tx, card), fee })
        }
        return refuseCard(ruleText.upgrade)
      }
      const from = await paymentAccountFor(
        tx,
        acting.customerId,
        record.feeAccountId,
        card.currencyCode,
        'accountId',
      )
      if (isFieldError(from)) {
        return refuseCard('refusal.cards.feeAccountCannot.upgrade')
      }
      if (option.feeMinor > 0n) {
        await moveCardMoney(tx, {
          idempotencyKey: key,
          kind: 'card_fee',
          words: 'cardExpressShippingFee',
          fromAccountId: from.id,
          currencyCode: card.currencyCode,
          amountMinor: option.feeMinor,
          fromField: 'accountId',
        })
      }
      await changeCardRecord(tx, card.id, {
        expressShipping: true,
        shippingId: option.id,
        lastChangeKey: key,
      })
      return rpcOk({ card: await cardOf(tx, card), fee })
    },
  )
