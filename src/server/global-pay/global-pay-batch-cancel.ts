// globalPayBatchCancel: drops a draft batch (one that was never submitted); nothing was held,
// so nothing moves. A cancelled batch no longer makes an upload of its file '92'.
import { eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { globalPayBatches } from '../db/schema-global-batch.ts'
import { editDraft } from './global-pay-batch-edits.ts'

export const handler: Handler<'globalPayBatchCancel'> = (context, input) =>
  editDraft(context, input.batchId, async (tx, batch) => {
    await tx
      .update(globalPayBatches)
      .set({ status: 'cancelled', decidedAt: new Date() })
      .where(eq(globalPayBatches.id, batch.id))
    return rpcOk()
  })
