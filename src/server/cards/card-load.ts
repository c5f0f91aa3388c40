// cardLoad: money from a payment account of the customer to an active card that is not fraud
// (product-spec section 4), one ledger transfer under the request's idempotency key: a retry
// moves the money once and answers the first result.
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk, validationFailure, refusal } from '../rpc/outcome.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { toMinor } from '../../shared/money.ts'
import { AccountStatus } from '../../generated/constants.ts'
import { cardOf } from './card-view.ts'
import { refuseCard, ruleText, withCard } from './card-rules.ts'
import { moveCardMoney } from './card-fees.ts'
import { isFieldError, paymentAccountFor } from './card-quotes.ts'

function amountMinorOf(amount: string, scale: number): bigint | undefined {
  try {
    const minor = toMinor(amount, scale)
    return minor > 0n ? minor : undefined
  } catch {
    return undefined
  }
}

export const handler: Handler<'cardLoad'> = async (context, input) =>
  withCard<'cardLoad'>(context, input.accountId, async ({ tx, acting, card }) => {
    if (card.statusId === AccountStatus.Fraud) return refuseCard(ruleText.loadFraud)
    if (card.statusId !== AccountStatus.Active) return refuseCard(ruleText.loadStatus)
    const scale = scaleOf(card.currencyCode)
    const amountMinor = amountMinorOf(input.amount, scale)
    if (amountMinor === undefined) {
      return validationFailure([refusal('amount', 'refusal.cards.loadAmount', { decimals: scale })])
    }
    const from = await paymentAccountFor(
      tx,
      acting.customerId,
      input.fromAccountId,
      card.currencyCode,
      'fromAccountId',
    )
    if (isFieldError(from)) return validationFailure([from])
    const moved = await moveCardMoney(tx, {
      idempotencyKey: `card-load:${acting.customerId}:${input.idempotencyKey}`,
      kind: 'card_load',
      words: 'cardLoad',
      fromAccountId: from.id,
      toAccountId: card.id,
      currencyCode: card.currencyCode,
      amountMinor,
      fromField: 'fromAccountId',
    })
    return rpcOk({ card: await cardOf(tx, card), transactionId: moved.transferId.toString() })
  })
