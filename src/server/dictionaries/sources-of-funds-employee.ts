// sourcesOfFundsEmployee: the sources of funds of a business's employee or representative
// (product-spec section 3, Dictionaries).
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import sources from './data/sources-of-funds.json' with { type: 'json' }

export const handler: Handler<'sourcesOfFundsEmployee'> = async () =>
  rpcOk({ sourcesOfFunds: sources.employee })
