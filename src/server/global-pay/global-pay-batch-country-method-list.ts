// globalPayBatchCountryMethodList: the ways a batch payment can be paid out in a country, the
// same list a single global payment's recipient chooses from (payout-methods.ts).
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { country, unknownCountry } from '../dictionaries/country-table.ts'
import { globalPayoutMethods, methodAnswer } from './payout-methods.ts'

export const handler: Handler<'globalPayBatchCountryMethodList'> = (_context, input) => {
  if (!country(input.countryCode)) return Promise.resolve(unknownCountry('countryCode'))
  const methods = globalPayoutMethods(input.countryCode).map(methodAnswer)
  return Promise.resolve(rpcOk({ methods }))
}
