// states: the states, provinces or territories of a country (product-spec section 7); a
// country the dictionary has none for answers an empty list, a code of no country VF.
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import stateData from './data/states.json' with { type: 'json' }
import { country, unknownCountry } from './country-table.ts'

const statesByCountry: Record<string, { code: string; name: string }[] | undefined> = stateData

export const handler: Handler<'states'> = async (_context, { countryCode }) => {
  if (!country(countryCode)) return unknownCountry('countryCode')
  return rpcOk({ countryCode, states: statesByCountry[countryCode] ?? [] })
}
