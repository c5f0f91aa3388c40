// globalRecipientMetaGet: what the recipient gets by a method (product-spec section 5, "load
// meta"): the payment's amount, in its own currency (rate 1), the fee already settled by the
// sender's side (docs/decisions.md, "Global payments").
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { fromMinor } from '../../shared/money.ts'
import { checkedChoice } from './recipient-checks.ts'
import { payableOf, withPayment } from './recipient-payment.ts'

export const handler: Handler<'globalRecipientMetaGet'> = (context, input) =>
  withPayment(context.db, input.paymentSecret, async (found) => {
    const kind = checkedChoice(
      found,
      { ...input, currencyCode: input.toCurrencyCode },
      'toCurrencyCode',
    )
    if (typeof kind !== 'string') return kind
    const { order, payment } = found
    const scale = scaleOf(order.currencyCode)
    return rpcOk({
      meta: {
        exchangeRate: '1',
        toAmount: payableOf(found),
        // The fee the recipient bears: taken from the amount when the beneficiary pays it.
        fee: fromMinor(payment.feeIsBen ? order.feeMinor : 0n, scale),
        feeCurrencyCode: order.currencyCode,
      },
    })
  })
