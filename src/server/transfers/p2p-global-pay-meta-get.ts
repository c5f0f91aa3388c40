// p2pGlobalPayMetaGet: what a global payment sent by e-mail will cost at most (product-spec
// section 7, P2P "meta"): the maximum fee is the fee of the dearest payout method, since the
// recipient picks the method later; the extra FX markup applies when the recipient is paid in
// another currency than the account's; the estimated total is what leaves the account at most
// (the amount alone when the beneficiary pays the fee).
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { fromMinor } from '../../shared/money.ts'
import { feeMinorOf } from './transfer-rules.ts'
import { fxMarkupPpm, isAccountCurrency } from '../accounts/exchange-rates.ts'
import { amountAt, isFieldError, ownAccount } from './transfer-quotes.ts'

/** The dearest payout method's fee: 2% rounded up, at least 1.00, at most 25.00. */
export function globalPayMaximumFeeMinor(amountMinor: bigint, scale: number): bigint {
  return feeMinorOf('global', amountMinor, scale)
}

export const handler: Handler<'p2pGlobalPayMetaGet'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const from = await ownAccount(context.db, customerId, input.accountId)
  if (!from) return validationFailure([refusal('accountId', 'refusal.common.notYourAccount')])
  if (input.currencyCode !== from.currencyCode) {
    return validationFailure([refusal('currencyCode', 'refusal.common.notTheAccountCurrency')])
  }
  const toCurrency = input.toCurrencyCode ?? from.currencyCode
  if (!isAccountCurrency(toCurrency)) {
    return validationFailure([refusal('toCurrencyCode', 'refusal.common.notConvertedCurrency')])
  }
  const amountMinor = amountAt(input.amount, from.currencyCode, 'amount')
  if (isFieldError(amountMinor)) return validationFailure([amountMinor])
  const scale = scaleOf(from.currencyCode)
  const feeMinor = globalPayMaximumFeeMinor(amountMinor, scale)
  const markupPercent = toCurrency === from.currencyCode ? 0 : Number(fxMarkupPpm) / 10_000
  return rpcOk({
    estimatedTotal: fromMinor(input.feeIsBen ? amountMinor : amountMinor + feeMinor, scale),
    maximumFee: fromMinor(feeMinor, scale),
    extraFxMarkupPercent: markupPercent,
    currencyCode: from.currencyCode,
  })
}
