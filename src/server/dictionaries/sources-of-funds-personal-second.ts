// sourcesOfFundsPersonalSecond: the personal second variant, asked for the source of wealth
// (product-spec section 3, Dictionaries: sources of funds, personal in two variants).
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import sources from './data/sources-of-funds.json' with { type: 'json' }

export const handler: Handler<'sourcesOfFundsPersonalSecond'> = async () =>
  rpcOk({ sourcesOfFunds: sources.personalSecond })
