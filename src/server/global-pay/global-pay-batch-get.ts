// globalPayBatchGet: a global pay batch with its payments, removed ones included (isRemoved),
// for the draft table (product-spec section 7, Global pay batch "get").
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { batchAnswer, batchOf, isBatch } from './global-pay-batches.ts'

export const handler: Handler<'globalPayBatchGet'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const batch = await batchOf(context.db, customerId, input.batchId)
  if (!isBatch(batch)) return batch
  return rpcOk({ batch: await batchAnswer(context.db, batch) })
}
