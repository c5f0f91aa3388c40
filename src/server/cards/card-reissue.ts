// cardReissue: orders a replacement of a physical card in use or expired, optionally with
// express shipping (product-spec section 7). The issue fee (and the express fee) leaves the
// card's fee account through the ledger under the request's key; the replacement moves
// through cardReissuedStatusId (41, 19, 20, 21) and, once shipped, the card carries its new
// number, expiry and PIN and waits for its activation. A retry with the same key answers the
// first result.
import type { Handler } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { changeCardAccount } from '../ledger/card-accounts.ts'
import { cardIssuer } from '../adapters/card-issuer/card-issuers.ts'
import { AccountStatus } from '../../generated/constants.ts'
import { deriveCardFlags } from '../../shared/card-flags.ts'
import { changeCardRecord } from './card-records.ts'
import { cardOf, flagInputOf } from './card-view.ts'
import { refuseCard, ruleText, withCard } from './card-rules.ts'
import { moveCardMoney } from './card-fees.ts'
import { feeJson, feesFor, isFieldError, paymentAccountFor, productOfCard } from './card-quotes.ts'

export const handler: Handler<'cardReissue'> = async (context, input) =>
  withCard<'cardReissue'>(context, input.accountId, async ({ tx, acting, card, record }) => {
    const express = input.isExpressShipping === true
    const fees = await feesFor(tx, acting.customerId, productOfCard(card))
    const option = fees?.shipping.find((o) => o.express === express)
    if (express && (!option || option.disabledReasons.length > 0)) {
      return validationFailure([refusal('isExpressShipping', 'refusal.common.notAvailable')])
    }
    const feeMinor = (fees?.issueMinor ?? 0n) + (option?.feeMinor ?? 0n)
    const key = `card-reissue:${acting.customerId}:${input.idempotencyKey}`
    const flags = deriveCardFlags(flagInputOf(card, record))
    if (!flags.canReissue) {
      // A retry of the reissue that put the replacement on its way answers as the first did.
      if (card.cardReissuedStatusId === AccountStatus.Processing && record.lastChangeKey === key) {
        return rpcOk({ card: await cardOf(tx, card), fee: feeJson(feeMinor, card.currencyCode) })
      }
      return refuseCard(ruleText.reissue)
    }
    const from = await paymentAccountFor(
      tx,
      acting.customerId,
      record.feeAccountId,
      card.currencyCode,
      'accountId',
    )
    if (isFieldError(from)) return refuseCard('refusal.cards.feeAccountCannot.reissue')
    if (feeMinor > 0n) {
      await moveCardMoney(tx, {
        idempotencyKey: key,
        kind: 'card_fee',
        words: 'cardReissueFee',
        fromAccountId: from.id,
        currencyCode: card.currencyCode,
        amountMinor: feeMinor,
        fromField: 'accountId',
      })
    }
    const changed = await changeCardAccount(tx, card.id, {
      cardReissuedStatusId: AccountStatus.Processing,
    })
    await changeCardRecord(tx, card.id, { expressShipping: express, lastChangeKey: key })
    await cardIssuer().ship(tx, { accountId: card.id, target: 'reissue', documentMissing: false })
    return rpcOk({ card: await cardOf(tx, changed), fee: feeJson(feeMinor, card.currencyCode) })
  })
