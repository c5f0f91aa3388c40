// batchTransferFileView: the file a batch was uploaded from (or the pasted lines, as a CSV),
// exactly as it arrived, base64 (product-spec section 7, "Batch transfer view file"). Only the
// customer the batch belongs to sees it; another id answers VF, not a hint that it exists.
import { and, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { massBatches } from '../db/schema-mass.ts'

export const handler: Handler<'batchTransferFileView'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const [batch] = await context.db
    .select({
      fileName: massBatches.fileName,
      mimeType: massBatches.mimeType,
      content: massBatches.content,
    })
    .from(massBatches)
    .where(and(eq(massBatches.id, input.id), eq(massBatches.customerId, customerId)))
  if (!batch) return validationFailure([refusal('id', 'refusal.common.notYourBatch')])
  return rpcOk({
    fileName: batch.fileName,
    mimeType: batch.mimeType,
    content: batch.content.toString('base64'),
  })
}
