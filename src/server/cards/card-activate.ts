// cardActivate: a shipped physical card becomes active (product-spec section 7: accountId,
// extraParams, feeAccountId; returns pinCode). The last four digits printed on the card must
// match; the activation fee leaves the fee account (the one chosen at application unless
// another is named) through the ledger. The PIN is in this answer, and again only in a retry
// with the same idempotencyKey (a lost answer), else through cardPinShow and its approval.
import type { Handler } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { changeCardAccount } from '../ledger/card-accounts.ts'
import { openSecret } from '../secrets/sealed-secret.ts'
import { AccountStatus } from '../../generated/constants.ts'
import { changeCardRecord, openPin } from './card-records.ts'
import { cardOf } from './card-view.ts'
import { refuseCard, ruleText, withCard } from './card-rules.ts'
import { moveCardMoney } from './card-fees.ts'
import { feesFor, isFieldError, paymentAccountFor, productOfCard } from './card-quotes.ts'
import { lastFourDigits } from './card-activation-data-get.ts'

export const handler: Handler<'cardActivate'> = async (context, input) =>
  withCard<'cardActivate'>(context, input.accountId, async ({ tx, acting, card, record }) => {
    if (record.activateKey === input.idempotencyKey && record.activatedAt) {
      return rpcOk({ pinCode: await openPin(tx, record), card: await cardOf(tx, card) })
    }
    if (card.cardIsVirtual === true || card.statusId !== AccountStatus.Shipped) {
      return refuseCard(ruleText.activate)
    }
    const number = await openSecret(tx, record.numberSealed, `card-number:${card.id}`)
    if (input.extraParams?.[lastFourDigits] !== number.slice(-4)) {
      return validationFailure([
        refusal(`extraParams.${lastFourDigits}`, 'refusal.cards.notLastFour'),
      ])
    }
    const from = await paymentAccountFor(
      tx,
      acting.customerId,
      input.feeAccountId ?? record.feeAccountId,
      card.currencyCode,
      'feeAccountId',
    )
    if (isFieldError(from)) return validationFailure([from])
    const fees = await feesFor(tx, acting.customerId, productOfCard(card))
    const feeMinor = fees?.activationMinor ?? 0n
    if (feeMinor > 0n) {
      await moveCardMoney(tx, {
        idempotencyKey: `card-activation:${card.id}:${input.idempotencyKey}`,
        kind: 'card_fee',
        words: 'cardActivationFee',
        fromAccountId: from.id,
        currencyCode: card.currencyCode,
        amountMinor: feeMinor,
        fromField: 'feeAccountId',
      })
    }
    const changed = await changeCardAccount(tx, card.id, { statusId: AccountStatus.Active })
    await changeCardRecord(tx, card.id, {
      activatedAt: new Date(),
      activateKey: input.idempotencyKey,
    })
    return rpcOk({ pinCode: await openPin(tx, record), card: await cardOf(tx, changed) })
  })
