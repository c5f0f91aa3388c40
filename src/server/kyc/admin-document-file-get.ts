// adminDocumentFileGet: the bytes of one uploaded file of the customer chosen with
// fromCustomerId, for an administrator to view (product-spec section 6). The file goes out
// with the type detected from its bytes at upload, inline, never sniffed as anything else and
// kept by no cache (DESIGN.md section 11); a file of another customer answers as an unknown one.
import { and, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { bytesReply, refusal, validationFailure } from '../rpc/outcome.ts'
import { uploadedDocuments } from '../db/schema.ts'
import { readStoredFile } from '../uploads/stored-files.ts'

/** A file name safe in a header: ASCII letters, digits, dot, "-" and "_". */
function headerFileName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 150) || 'document'
}

export const handler: Handler<'adminDocumentFileGet'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const [upload] = await context.db
    .select({ fileId: uploadedDocuments.fileId })
    .from(uploadedDocuments)
    .where(
      and(
        eq(uploadedDocuments.id, input.uploadedDocumentId),
        eq(uploadedDocuments.customerId, customerId),
      ),
    )
  const file =
    upload?.fileId == null ? undefined : await readStoredFile(context.db, customerId, upload.fileId)
  if (!file) {
    const description = 'refusal.kyc.noStoredContent'
    return validationFailure([refusal('uploadedDocumentId', description)])
  }
  return bytesReply(file.content, {
    'content-type': file.contentType,
    'content-disposition': `inline; filename="${headerFileName(file.fileName)}"`,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
  })
}
