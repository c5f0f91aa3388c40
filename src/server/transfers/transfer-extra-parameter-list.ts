// transferExtraParameterList: the extra fields a transfer type needs for a country and currency
// (product-spec section 7), in the field-list shape of section 3. A type not offered to the
// country (or in the currency) is refused naming the field that rules it out.
import type { Handler } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { country, unknownCountry } from '../dictionaries/country-table.ts'
import { extraParametersFor } from './directory/extra-parameters.ts'
import { knownCurrency, methodOffered } from './directory/methods.ts'

export const handler: Handler<'transferExtraParameterList'> = async (_context, input) => {
  const { transferType, countryCode, currencyCode } = input
  if (!country(countryCode)) return unknownCountry('countryCode')
  if (currencyCode !== undefined && !knownCurrency(currencyCode)) {
    return validationFailure([refusal('currencyCode', 'refusal.common.notDictionaryCurrency')])
  }
  if (transferType !== 'p2p') {
    if (!methodOffered(transferType, countryCode)) {
      return validationFailure([
        refusal('transferType', 'refusal.transfers.notOfferedTo', { country: countryCode }),
      ])
    }
    if (currencyCode !== undefined && !methodOffered(transferType, countryCode, currencyCode)) {
      return validationFailure([
        refusal('currencyCode', 'refusal.transfers.notPaidOutByTypeTo', { country: countryCode }),
      ])
    }
  }
  return rpcOk({ extraParams: extraParametersFor(transferType, countryCode, currencyCode) })
}
