// estimatedMonthlyDeposits: the ranges a registration offers for expected monthly deposits
// (product-spec section 7, Dictionaries).
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import estimatedMonthlyDeposits from './data/monthly-deposit-ranges.json' with { type: 'json' }

export const handler: Handler<'estimatedMonthlyDeposits'> = async () =>
  rpcOk({ estimatedMonthlyDeposits })
