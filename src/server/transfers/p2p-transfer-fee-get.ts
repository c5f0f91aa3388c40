// p2pTransferFeeGet: the fee of a P2P transfer (product-spec section 5: only for an amount
// above 0, which the schema enforces): 1% rounded up, at least 0.30, at most 10.00, in the
// source account's currency.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { fromMinor } from '../../shared/money.ts'
import { amountAt, isFieldError, ownAccount } from './transfer-quotes.ts'
import { feeMinorOf } from './transfer-rules.ts'

export const handler: Handler<'p2pTransferFeeGet'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const from = await ownAccount(context.db, customerId, input.accountId)
  if (!from) return validationFailure([refusal('accountId', 'refusal.common.notYourAccount')])
  if (input.currency !== undefined && input.currency !== from.currencyCode) {
    return validationFailure([refusal('currency', 'refusal.common.notTheAccountCurrency')])
  }
  const amountMinor = amountAt(input.amount, from.currencyCode, 'amount')
  if (isFieldError(amountMinor)) return validationFailure([amountMinor])
  const scale = scaleOf(from.currencyCode)
  return rpcOk({
    fee: fromMinor(feeMinorOf('p2p', amountMinor, scale), scale),
    feeCurrencyCode: from.currencyCode,
  })
}
