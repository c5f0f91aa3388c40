// globalPayBatchSubmit: sends a draft global pay batch (global-pay-batch-orders.ts); the answer
// says how to approve it, as a single global payment's does.
import type { Handler } from '../rpc/handler-context.ts'
import { actingUser } from '../transfers/acting-user.ts'
import { submitBatch } from './global-pay-batch-orders.ts'

export const handler: Handler<'globalPayBatchSubmit'> = async (context, input) =>
  submitBatch(context.db, await actingUser(context), input)
