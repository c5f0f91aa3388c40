// exchangeRateDefaultList: the rates between every pair of account currencies, as the
// customer gets them (mid rate less the FX markup).
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { accountCurrencies, customerRate, rateText } from './exchange-rates.ts'

export const handler: Handler<'exchangeRateDefaultList'> = async () => {
  const exchangeRates = accountCurrencies.flatMap((from) =>
    accountCurrencies
      .filter((to) => to !== from)
      .map((to) => ({
        fromCurrencyCode: from,
        toCurrencyCode: to,
        rate: rateText(customerRate(from, to)!),
      })),
  )
  return rpcOk({ exchangeRates })
}
