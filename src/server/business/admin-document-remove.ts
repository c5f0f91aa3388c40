// adminDocumentRemove: an administrator removes an uploaded document of the customer chosen
// with fromCustomerId (product-spec section 6). The file and its pages become deleted (status
// 5), which every reader leaves out, rather than disappearing: the review history keeps
// pointing at them. The removal is recorded with the administrator and the time.
import { eq, or } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, validationFailure } from '../rpc/outcome.ts'
import { uploadedDocuments } from '../db/schema.ts'
import { DocumentStatus } from '../../generated/constants.ts'
import { recordDecision } from '../kyc/admin-review.ts'
import { followNewestFile, mainUploadOf } from './admin-documents.ts'

export const handler: Handler<'adminDocumentRemove'> = async (context, input) => {
  const { customerId, userId } = requireSession(context)
  const refused = await context.db.transaction(async (tx) => {
    const upload = await mainUploadOf(tx, customerId, input.documentId)
    if ('parameter' in upload) return upload
    await tx
      .update(uploadedDocuments)
      .set({ statusId: DocumentStatus.Deleted })
      .where(or(eq(uploadedDocuments.id, upload.id), eq(uploadedDocuments.mainUploadId, upload.id)))
    await followNewestFile(tx, upload.documentId)
    await recordDecision(tx, {
      customerId,
      uploadedDocumentId: upload.id,
      action: 'removed',
      decidedBy: userId,
    })
    return undefined
  })
  if (refused) return validationFailure([refused])
  return rpcOk()
}
