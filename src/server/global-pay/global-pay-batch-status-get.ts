// globalPayBatchStatusGet: where a global pay batch is (draft, submitted, processing, rejected
// or cancelled; docs/decisions.md "Global pay batches (issue 16)").
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { batchOf, isBatch } from './global-pay-batches.ts'

export const handler: Handler<'globalPayBatchStatusGet'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const batch = await batchOf(context.db, customerId, input.batchId)
  if (!isBatch(batch)) return batch
  return rpcOk({ batchId: batch.id, status: batch.status })
}
