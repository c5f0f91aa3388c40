// betweenAccountsFeeGet: the fee of moving an amount between two of the acting customer's
// accounts (product-spec section 5: needs amount, source and target; the schema requires all
// three). Moving between own accounts is free; a conversion is priced in the rate.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { fromMinor } from '../../shared/money.ts'
import { isFieldError, ownAccount, quoteOf } from './transfer-quotes.ts'

export const handler: Handler<'betweenAccountsFeeGet'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const from = await ownAccount(context.db, customerId, input.fromAccountId)
  if (!from) return validationFailure([refusal('fromAccountId', 'refusal.common.notYourAccount')])
  const to = await ownAccount(context.db, customerId, input.toAccountId)
  if (!to) return validationFailure([refusal('toAccountId', 'refusal.common.notYourAccount')])
  if (to.id === from.id) {
    return validationFailure([refusal('toAccountId', 'refusal.transfers.mustDifferFromSource')])
  }
  const quote = quoteOf('betweenAccounts', from, to.currencyCode, input.amount, from.currencyCode, {
    amount: 'amount',
    currency: 'amount',
  })
  if (isFieldError(quote)) return validationFailure([quote])
  return rpcOk({
    fee: fromMinor(quote.feeMinor, scaleOf(from.currencyCode)),
    feeCurrencyCode: from.currencyCode,
  })
}
