// p2pGlobalPayMethodList: how the bank pays a global payment out in the recipient's country
// (product-spec section 7, P2P "p2p global pay methods"), optionally only in one currency.
import type { Handler } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { country, unknownCountry } from '../dictionaries/country-table.ts'
import { knownCurrency } from './directory/methods.ts'
import { globalPayoutMethods, methodAnswer } from '../global-pay/payout-methods.ts'

export const handler: Handler<'p2pGlobalPayMethodList'> = (_context, input) => {
  if (!country(input.countryCode)) return Promise.resolve(unknownCountry('countryCode'))
  if (input.currencyCode !== undefined && !knownCurrency(input.currencyCode)) {
    return Promise.resolve(
      validationFailure([refusal('currencyCode', 'refusal.common.notDictionaryCurrency')]),
    )
  }
  const methods = globalPayoutMethods(input.countryCode, input.currencyCode)
  return Promise.resolve(rpcOk({ methods: methods.map(methodAnswer) }))
}
