// sourcesOfFundsPersonal: the sources of funds a personal customer chooses from
// (product-spec section 3, Dictionaries).
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import sources from './data/sources-of-funds.json' with { type: 'json' }

export const handler: Handler<'sourcesOfFundsPersonal'> = async () =>
  rpcOk({ sourcesOfFunds: sources.personal })
