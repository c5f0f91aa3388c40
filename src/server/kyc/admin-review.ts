// The administrator's review of uploaded documents (product-spec section 2, admin-overview;
// section 6: admins review, reassign, link or remove a customer's uploaded documents): which
// files wait for a decision, how a file looks to the reviewer, and the audit rows
// (document_decisions) that say who did what to it when.
import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customers, storedFiles, uploadedDocuments, users } from '../db/schema.ts'
import { documentDecisions } from '../db/schema-kyc.ts'
import type { components } from '../../generated/api.d.ts'
import { DocumentStatus } from '../../generated/constants.ts'
import { isBusinessCustomer } from '../../shared/access-rights.ts'
import type { CustomerRecords, CustomerRow, UploadRow } from './customer-records.ts'
import { uploadedDocumentView } from './record-views.ts'

type Schemas = components['schemas']
export type DocumentDecision = Schemas['DocumentDecision']
export type DecisionAction = DocumentDecision['action']

/** Statuses of a file that waits for a decision: in review (section 4), not yet decided. */
export const waitingStatuses: readonly number[] = [
  DocumentStatus.Submitted,
  DocumentStatus.Pending,
  DocumentStatus.UnderInvestigation,
]

/** The business name, or the person's first and last name. */
export function customerName(
  customer: Pick<CustomerRow, 'businessName' | 'firstName' | 'lastName'> & { customerType: number },
): string {
  if (isBusinessCustomer(customer.customerType) && customer.businessName)
    return customer.businessName
  const person = [customer.firstName, customer.lastName].filter(Boolean).join(' ')
  return person || customer.businessName || 'Customer'
}

export function customerKind(customerType: number): 'personal' | 'business' {
  return isBusinessCustomer(customerType) ? 'business' : 'personal'
}

/** The recorded actions on these files, oldest first, with the administrator's e-mail. */
export async function decisionsOf(
  db: Pick<Db, 'select'>,
  uploadIds: readonly number[],
): Promise<Map<number, DocumentDecision[]>> {
  const byUpload = new Map<number, DocumentDecision[]>()
  if (uploadIds.length === 0) return byUpload
  const rows = await db
    .select({
      id: documentDecisions.id,
      uploadedDocumentId: documentDecisions.uploadedDocumentId,
      action: documentDecisions.action,
      reason: documentDecisions.reason,
      decidedBy: users.username,
      decidedAt: documentDecisions.decidedAt,
    })
    .from(documentDecisions)
    .innerJoin(users, eq(users.id, documentDecisions.decidedBy))
    .where(inArray(documentDecisions.uploadedDocumentId, [...uploadIds]))
    .orderBy(asc(documentDecisions.id))
  for (const row of rows) {
    const list = byUpload.get(row.uploadedDocumentId) ?? []
    list.push({
      decisionId: row.id,
      uploadedDocumentId: row.uploadedDocumentId,
      // The column's check allows only the actions of the schema.
      action: row.action as DecisionAction,
      ...(row.reason ? { reason: row.reason } : {}),
      decidedBy: row.decidedBy,
      decidedAt: row.decidedAt.toISOString(),
    })
    byUpload.set(row.uploadedDocumentId, list)
  }
  return byUpload
}

/** The ids of these files whose content another customer uploaded too (same SHA-256). */
export async function duplicatedElsewhere(
  db: Pick<Db, 'select'>,
  customerId: number,
  uploads: readonly UploadRow[],
): Promise<Set<number>> {
  const fileIds = uploads.flatMap((upload) => (upload.fileId === null ? [] : [upload.fileId]))
  if (fileIds.length === 0) return new Set()
  const own = await db
    .select({ id: storedFiles.id, sha256: storedFiles.sha256 })
    .from(storedFiles)
    .where(inArray(storedFiles.id, fileIds))
  const others = await db
    .select({ sha256: storedFiles.sha256 })
    .from(storedFiles)
    .where(
      and(
        inArray(
          storedFiles.sha256,
          own.map((row) => row.sha256),
        ),
        ne(storedFiles.customerId, customerId),
      ),
    )
  const shared = new Set(others.map((row) => row.sha256))
  const sharedFiles = new Set(own.filter((row) => shared.has(row.sha256)).map((row) => row.id))
  return new Set(
    uploads
      .filter((upload) => upload.fileId !== null && sharedFiles.has(upload.fileId))
      .map((u) => u.id),
  )
}

/** One file as the reviewer sees it. */
export function adminFileView(
  records: CustomerRecords,
  upload: UploadRow,
  decisions: Map<number, DocumentDecision[]>,
  duplicates: Set<number>,
): Schemas['AdminDocumentFile'] {
  const document = records.documents.find((row) => row.id === upload.documentId)
  return {
    document: uploadedDocumentView(records, upload),
    ...(upload.documentId !== null ? { documentId: upload.documentId } : {}),
    ...(document?.addressId ? { addressId: document.addressId } : {}),
    ...(upload.limitReasonId !== null ? { limitReasonId: upload.limitReasonId } : {}),
    ...(upload.representativeId !== null ? { representativeId: upload.representativeId } : {}),
    ...(upload.mainUploadId !== null ? { mainUploadId: upload.mainUploadId } : {}),
    hasFile: upload.fileId !== null,
    ...(upload.fileName ? { fileName: upload.fileName } : {}),
    ...(upload.contentType
      ? { contentType: upload.contentType as Schemas['AdminDocumentFile']['contentType'] & string }
      : {}),
    ...(upload.sizeBytes ? { sizeBytes: upload.sizeBytes } : {}),
    duplicateElsewhere: duplicates.has(upload.id),
    decisions: decisions.get(upload.id) ?? [],
  }
}

/** Records one administrator action on one file, in the caller's transaction. */
export async function recordDecision(
  tx: Db,
  entry: {
    customerId: number
    uploadedDocumentId: number
    action: DecisionAction
    reason?: string
    details?: Record<string, unknown>
    decidedBy: number
  },
): Promise<void> {
  await tx.insert(documentDecisions).values({
    customerId: entry.customerId,
    uploadedDocumentId: entry.uploadedDocumentId,
    action: entry.action,
    reason: entry.reason ?? null,
    details: entry.details ?? null,
    decidedBy: entry.decidedBy,
  })
}

/** The customers with main files waiting for a decision, longest-waiting first, one page. */
export async function customersWaiting(
  db: Db,
  page: { pageNumber: number; pageSize: number },
): Promise<{
  total: number
  rows: { customerId: number; waitingCount: number; oldestWaitingAt: Date }[]
}> {
  const waiting = and(
    isNotNull(uploadedDocuments.uploadedAt),
    eq(uploadedDocuments.isSubDocument, false),
    inArray(uploadedDocuments.statusId, [...waitingStatuses]),
  )
  const grouped = db
    .select({
      customerId: uploadedDocuments.customerId,
      waitingCount: sql<number>`count(*)::int`.as('waiting_count'),
      oldestWaitingAt: sql<Date | string>`min(${uploadedDocuments.uploadedAt})`.as(
        'oldest_waiting_at',
      ),
    })
    .from(uploadedDocuments)
    .innerJoin(customers, eq(customers.id, uploadedDocuments.customerId))
    .where(waiting)
    .groupBy(uploadedDocuments.customerId)
    .as('waiting')
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(grouped)
  const rows = await db
    .select()
    .from(grouped)
    .orderBy(asc(grouped.oldestWaitingAt), asc(grouped.customerId))
    .limit(page.pageSize)
    .offset((page.pageNumber - 1) * page.pageSize)
  return {
    total: counted?.total ?? 0,
    rows: rows.map((row) => ({ ...row, oldestWaitingAt: new Date(row.oldestWaitingAt) })),
  }
}
