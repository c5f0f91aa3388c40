// What the administrator's document operations of the business area share (product-spec
// section 6: admins reassign, link or remove a customer's uploaded documents): finding a main
// file of the acting customer, and letting a document's status follow its newest file.
import { and, desc, eq, ne } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customerDocuments, uploadedDocuments } from '../db/schema.ts'
import { DocumentStatus } from '../../generated/constants.ts'
import type { FieldError } from '../rpc/outcome.ts'
import type { UploadRow } from '../kyc/customer-records.ts'
import { refusal } from '../rpc/outcome.ts'

/** A main file the customer uploaded and has not had removed, locked for the change. */
export async function mainUploadOf(
  tx: Db,
  customerId: number,
  uploadId: number,
): Promise<UploadRow | FieldError> {
  const [upload] = await tx
    .select()
    .from(uploadedDocuments)
    .where(and(eq(uploadedDocuments.id, uploadId), eq(uploadedDocuments.customerId, customerId)))
    .for('update')
  if (!upload || upload.uploadedAt === null || upload.statusId === DocumentStatus.Deleted) {
    return refusal('documentId', 'refusal.business.notUploadedDocument')
  }
  if (upload.mainUploadId !== null) {
    const document = String(upload.mainUploadId)
    return refusal('documentId', 'refusal.business.pageOfDocument', { document })
  }
  return upload
}

/** The document takes the status of its newest file that was not removed, if it has one. */
export async function followNewestFile(tx: Db, documentId: number | null): Promise<void> {
  if (documentId === null) return
  const [newest] = await tx
    .select({ statusId: uploadedDocuments.statusId })
    .from(uploadedDocuments)
    .where(
      and(
        eq(uploadedDocuments.documentId, documentId),
        eq(uploadedDocuments.isSubDocument, false),
        ne(uploadedDocuments.statusId, DocumentStatus.Deleted),
      ),
    )
    .orderBy(desc(uploadedDocuments.id))
    .limit(1)
  if (!newest) return
  await tx
    .update(customerDocuments)
    .set({ statusId: newest.statusId })
    .where(eq(customerDocuments.id, documentId))
}
