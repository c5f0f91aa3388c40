// Our side of an identity check: what a provider's decision about a run changes for the
// customer (product-spec section 4: a check in progress is verificationProcessing; section 3,
// Identity). Approved: the identity document is recorded as a confirmed proof of identity
// with its file, and the request is completed. Refused: the request fails with the
// provider's reason. Either way the customer hears it by e-mail and on the realtime channel,
// in the transaction that records it. Providers call this as their webhook would (the
// built-in one from its job, adapters/identity/built-in-identity.ts).
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import {
  customerDocuments,
  customers,
  kycRequests,
  storedFiles,
  uploadedDocuments,
} from '../db/schema.ts'
import {
  DocumentCategory,
  DocumentStatus,
  KycRequestStatus,
  NotificationStatus,
  NotificationType,
} from '../../generated/constants.ts'
import { enqueueMessage } from '../security/outbox.ts'
import { publishToCustomer } from '../realtime/publish.ts'
import { PermanentJobError } from '../jobs/job-context.ts'
import type { ConfirmedDocument, IdentityDecision } from '../adapters/identity/identity-adapter.ts'
import { renderMail, type MessageParams } from '../messages/messages.ts'
import { languageOfCustomer } from '../messages/reader-language.ts'

type RequestRow = typeof kycRequests.$inferSelect

/** Who the document was uploaded by, in the customer's document lists. */
export const identityCheckUploader = 'identity check'

/** Records a provider's decision; a decision about a run no longer in progress changes nothing. */
export async function recordIdentityDecision(db: Db, decision: IdentityDecision): Promise<void> {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db
    const [request] = await tx
      .select()
      .from(kycRequests)
      .where(
        and(
          eq(kycRequests.provider, decision.provider),
          eq(kycRequests.workflowRunId, decision.workflowRunId),
        ),
      )
      .for('update')
    if (!request) {
      throw new PermanentJobError(`no ${decision.provider} run ${decision.workflowRunId}`)
    }
    if (request.status !== KycRequestStatus.InProgress) return
    const now = new Date()
    if (decision.outcome === 'approved') {
      await recordConfirmedDocument(tx, request, decision.document, now)
      await tx
        .update(kycRequests)
        .set({ status: KycRequestStatus.Completed, completedAt: now })
        .where(eq(kycRequests.id, request.id))
    } else {
      await tx
        .update(kycRequests)
        .set({ status: KycRequestStatus.Failed, rejectReason: decision.reason, completedAt: now })
        .where(eq(kycRequests.id, request.id))
    }
    await tellCustomer(tx, request.customerId, decision)
  })
}

/** A confirmed proof of identity with the provider's file (document category 1, status 2). */
async function recordConfirmedDocument(
  tx: Db,
  request: RequestRow,
  document: ConfirmedDocument,
  now: Date,
): Promise<void> {
  const [file] = await tx
    .select({
      fileName: storedFiles.fileName,
      contentType: storedFiles.contentType,
      sizeBytes: storedFiles.sizeBytes,
    })
    .from(storedFiles)
    .where(and(eq(storedFiles.id, document.fileId), eq(storedFiles.customerId, request.customerId)))
  if (!file) {
    throw new PermanentJobError(`file ${document.fileId} is not of customer ${request.customerId}`)
  }
  const [row] = await tx
    .insert(customerDocuments)
    .values({
      customerId: request.customerId,
      categoryId: DocumentCategory.ProofOfIdentity,
      statusId: DocumentStatus.Confirmed,
    })
    .returning({ id: customerDocuments.id })
  if (!row) throw new Error('assertion: the document was inserted')
  await tx.insert(uploadedDocuments).values({
    customerId: request.customerId,
    documentId: row.id,
    documentTypeId: document.documentTypeId,
    statusId: DocumentStatus.Confirmed,
    createdUsername: identityCheckUploader,
    fileName: file.fileName,
    contentType: file.contentType,
    sizeBytes: file.sizeBytes,
    fileId: document.fileId,
    uploadedAt: request.submittedAt ?? now,
  })
}

async function tellCustomer(tx: Db, customerId: number, decision: IdentityDecision) {
  const [customer] = await tx
    .select({ email: customers.email })
    .from(customers)
    .where(eq(customers.id, customerId))
  if (!customer) throw new Error(`assertion: customer ${customerId} of a request exists`)
  const approved = decision.outcome === 'approved'
  const lang = await languageOfCustomer(tx, customerId)
  const mail = approved ? 'identityConfirmed' : 'identityRefused'
  const params: MessageParams = approved ? {} : { reason: decision.reason }
  const { subject, body } = renderMail(lang, mail, params)
  await enqueueMessage(tx, { channel: 'email', recipient: customer.email, lang, mail, params })
  await publishToCustomer(tx, customerId, {
    type: 'CustomerNotification',
    data: {
      type: approved ? NotificationType.Info : NotificationType.DocumentRejected,
      status: approved ? NotificationStatus.Success : NotificationStatus.Error,
      title: subject,
      body,
    },
  })
}
