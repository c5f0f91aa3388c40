// currencies: the currency dictionary with symbols (product-spec section 3, Dictionaries).
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { currencyEntries } from './currency-table.ts'

export const handler: Handler<'currencies'> = async () => rpcOk({ currencies: currencyEntries })
