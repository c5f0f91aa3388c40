// transferMethodCountryList: the transfer methods offered for sending to one country
// (product-spec section 7, "Available transfer methods", per country), optionally only those
// paying out in a currency, with the clearing scheme of section 9 and whether the caller's
// flags allow each.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { country, unknownCountry } from '../dictionaries/country-table.ts'
import { countryMethods, knownCurrency } from './directory/methods.ts'
import { withAvailability } from './method-availability.ts'

export const handler: Handler<'transferMethodCountryList'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const { countryCode, currencyCode } = input
  if (!country(countryCode)) return unknownCountry('countryCode')
  if (currencyCode !== undefined && !knownCurrency(currencyCode)) {
    return validationFailure([refusal('currencyCode', 'refusal.common.notDictionaryCurrency')])
  }
  const methods = countryMethods(countryCode).filter(
    (method) => currencyCode === undefined || method.currencyCodes.includes(currencyCode),
  )
  return rpcOk({ methods: await withAvailability(context.db, customerId, methods) })
}
