// phoneCodes: the calling code of every country, from the countries dictionary (product-spec
// section 3: phone codes are a local data file; here they are a column of countries.json).
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { countryEntries } from './country-table.ts'

const phoneCodes = countryEntries.map(({ code, name, callingCode }) => ({
  countryCode: code,
  name,
  callingCode,
}))

export const handler: Handler<'phoneCodes'> = async () => rpcOk({ phoneCodes })
