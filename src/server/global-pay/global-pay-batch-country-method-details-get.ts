// globalPayBatchCountryMethodDetailsGet: one payout method of a country with the extra fields
// it asks for (transfers/directory/extra-parameters.ts), optionally in one currency.
import type { Handler } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { country, unknownCountry } from '../dictionaries/country-table.ts'
import { knownCurrency } from '../transfers/directory/methods.ts'
import { extraParametersFor } from '../transfers/directory/extra-parameters.ts'
import { globalPayoutMethods, methodAnswer } from './payout-methods.ts'

export const handler: Handler<'globalPayBatchCountryMethodDetailsGet'> = (_context, input) => {
  const { countryCode, currencyCode } = input
  if (!country(countryCode)) return Promise.resolve(unknownCountry('countryCode'))
  if (currencyCode !== undefined && !knownCurrency(currencyCode)) {
    return Promise.resolve(
      validationFailure([refusal('currencyCode', 'refusal.common.notDictionaryCurrency')]),
    )
  }
  const method = globalPayoutMethods(countryCode, currencyCode).find(
    (m) => m.transferType === input.paymentMethod,
  )
  if (!method) {
    return Promise.resolve(
      validationFailure([refusal('paymentMethod', 'refusal.globalPay.methodNotOffered')]),
    )
  }
  const extraParams = extraParametersFor(method.transferType, countryCode, currencyCode)
  return Promise.resolve(rpcOk({ method: methodAnswer(method), extraParams }))
}
