// exchangeRateGet: the rate a conversion between two account currencies gets (product-spec
// sections 5 and 7). Equal currencies (compared case-insensitively) or a missing one give 1
// without a lookup.
import type { Handler } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { customerRate, rateText } from './exchange-rates.ts'

export const handler: Handler<'exchangeRateGet'> = async (_context, input) => {
  const from = input.fromCurrencyCode?.toUpperCase()
  const to = input.toCurrencyCode?.toUpperCase()
  const codes = {
    ...(from ? { fromCurrencyCode: from } : {}),
    ...(to ? { toCurrencyCode: to } : {}),
  }
  if (!from || !to || from === to) return rpcOk({ exchangeRate: { ...codes, rate: '1' } })
  const rate = customerRate(from, to)
  if (rate === undefined) {
    return validationFailure([
      refusal(
        customerRate(from, from === 'USD' ? 'EUR' : 'USD') ? 'toCurrencyCode' : 'fromCurrencyCode',
        'refusal.common.notConvertedCurrency',
      ),
    ])
  }
  return rpcOk({ exchangeRate: { ...codes, rate: rateText(rate) } })
}
