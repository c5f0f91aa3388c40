// addressDocumentTypes: the document types that prove an address in a country, or the 'all'
// list (product-spec section 3). Session only: section 6 says they are fetched only when
// authenticated, so x-access is session and the dispatcher answers AU without one.
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { country, unknownCountry } from './country-table.ts'
import { addressDocumentTypesFor } from './document-type-table.ts'

export const handler: Handler<'addressDocumentTypes'> = async (_context, { countryCode }) => {
  if (countryCode !== undefined && !country(countryCode)) return unknownCountry('countryCode')
  return rpcOk(addressDocumentTypesFor(countryCode))
}
