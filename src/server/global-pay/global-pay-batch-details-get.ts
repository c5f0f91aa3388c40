// globalPayBatchDetailsGet: the totals of a global pay batch for its summary (amounts, fees and
// the count of payments not removed), without the payments.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { batchAnswer, batchOf, isBatch } from './global-pay-batches.ts'

export const handler: Handler<'globalPayBatchDetailsGet'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const batch = await batchOf(context.db, customerId, input.batchId)
  if (!isBatch(batch)) return batch
  return rpcOk({ batch: await batchAnswer(context.db, batch, false) })
}
