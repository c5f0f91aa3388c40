// sourcesOfFundsBusiness: the sources of funds of a business (product-spec section 3,
// Dictionaries).
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import sources from './data/sources-of-funds.json' with { type: 'json' }

export const handler: Handler<'sourcesOfFundsBusiness'> = async () =>
  rpcOk({ sourcesOfFunds: sources.business })
