// transactionTypes: the transaction operation types of the history filter, Fees among them
// (product-spec section 3, History).
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import transactionTypes from './data/transaction-types.json' with { type: 'json' }

export const handler: Handler<'transactionTypes'> = async () => rpcOk({ transactionTypes })
