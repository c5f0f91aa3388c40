// countries: every country with its codes, calling code, date format and primary dialect
// (product-spec section 3, Dictionaries).
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { countryEntries } from './country-table.ts'

export const handler: Handler<'countries'> = async () => rpcOk({ countries: countryEntries })
