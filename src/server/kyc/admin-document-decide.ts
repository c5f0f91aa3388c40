// adminDocumentDecide: an administrator confirms or rejects one uploaded file of the customer
// chosen with fromCustomerId (product-spec section 6; section 4, Document status). Only a main
// file waiting for review is decided, once: its sub-documents take the same decision, its
// document takes the status of its newest file, the address it proves is confirmed or
// rejected, and a limit reason whose documents are all confirmed is resolved (the account is
// unlimited with its last one). The customer is notified (customer-notices.ts) and the
// decision recorded with the administrator and the time, all in one transaction.
import { and, desc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import {
  type Failure,
  refusal,
  rpcOk,
  validationFailure,
  type RefusalKey,
  type RefusalParams,
  rpcRefuse,
} from '../rpc/outcome.ts'
import {
  customerAddresses,
  customerDocuments,
  customerLimitReasons,
  customers,
  kycProfiles,
  uploadedDocuments,
} from '../db/schema.ts'
import type { Db } from '../db/open-database.ts'
import { AddressStatus, DocumentStatus, NotificationStatus } from '../../generated/constants.ts'
import { NotificationType } from '../../generated/constants.ts'
import { loadCustomerRecords, type UploadRow } from './customer-records.ts'
import { userStatusOf } from './user-status.ts'
import { documentTypeName } from './document-type-lookup.ts'
import { provesAddress } from './document-uploads.ts'
import {
  adminFileView,
  decisionsOf,
  duplicatedElsewhere,
  recordDecision,
  waitingStatuses,
} from './admin-review.ts'
import { notifyCustomer, type CustomerNotice } from './customer-notices.ts'

interface Decision {
  confirm: boolean
  reason: string | undefined
}

const refuse = (reason: RefusalKey, params?: RefusalParams): Failure =>
  validationFailure([refusal('uploadedDocumentId', reason, params)])

/** The document follows its newest main file; the address it proves follows that file too. */
async function followDocument(tx: Db, upload: UploadRow, decision: Decision): Promise<void> {
  if (upload.documentId === null) return
  const [newest] = await tx
    .select({ id: uploadedDocuments.id, statusId: uploadedDocuments.statusId })
    .from(uploadedDocuments)
    .where(
      and(
        eq(uploadedDocuments.documentId, upload.documentId),
        eq(uploadedDocuments.isSubDocument, false),
        ne(uploadedDocuments.statusId, DocumentStatus.Deleted),
      ),
    )
    .orderBy(desc(uploadedDocuments.id))
    .limit(1)
  if (!newest) return
  const [document] = await tx
    .update(customerDocuments)
    .set({ statusId: newest.statusId })
    .where(eq(customerDocuments.id, upload.documentId))
    .returning()
  if (newest.id !== upload.id || !document?.addressId || !provesAddress(document.categoryId)) return
  await tx
    .update(customerAddresses)
    .set({ status: decision.confirm ? AddressStatus.Confirmed : AddressStatus.Rejected })
    .where(eq(customerAddresses.id, document.addressId))
}

/**
 * A limit reason is resolved once every category it asks for has a confirmed file uploaded
 * for it; with no open reason left, a limited account is unlimited (section 3 notification
 * customerUnlimited).
 */
async function followLimitReason(tx: Db, upload: UploadRow): Promise<void> {
  if (upload.limitReasonId === null) return
  const [reason] = await tx
    .select()
    .from(customerLimitReasons)
    .where(
      and(
        eq(customerLimitReasons.id, upload.limitReasonId),
        isNull(customerLimitReasons.resolvedAt),
      ),
    )
  if (!reason) return
  const confirmed = await tx
    .select({ categoryId: customerDocuments.categoryId })
    .from(uploadedDocuments)
    .innerJoin(customerDocuments, eq(customerDocuments.id, uploadedDocuments.documentId))
    .where(
      and(
        eq(uploadedDocuments.limitReasonId, reason.id),
        eq(uploadedDocuments.statusId, DocumentStatus.Confirmed),
      ),
    )
  const covered = new Set(confirmed.map((row) => row.categoryId))
  if (!reason.requiredCategoryIds.every((categoryId) => covered.has(categoryId))) return
  await tx
    .update(customerLimitReasons)
    .set({ resolvedAt: new Date() })
    .where(eq(customerLimitReasons.id, reason.id))
  const [open] = await tx
    .select({ id: customerLimitReasons.id })
    .from(customerLimitReasons)
    .where(
      and(
        eq(customerLimitReasons.customerId, reason.customerId),
        isNull(customerLimitReasons.resolvedAt),
      ),
    )
    .limit(1)
  if (open) return
  const lifted = await tx
    .update(customers)
    .set({ limited: false })
    .where(and(eq(customers.id, reason.customerId), eq(customers.limited, true)))
    .returning({ id: customers.id })
  if (lifted.length === 0) return
  await notifyCustomer(tx, reason.customerId, {
    type: NotificationType.CustomerUnlimited,
    status: NotificationStatus.Success,
    notice: 'unlimited',
  })
}

function decisionNotice(upload: UploadRow, decision: Decision): CustomerNotice {
  const name = documentTypeName(upload.documentTypeId)
  if (decision.confirm) {
    return {
      type: NotificationType.Info,
      status: NotificationStatus.Success,
      notice: 'documentConfirmed',
      params: { document: name },
    }
  }
  return {
    type: NotificationType.DocumentRejected,
    status: NotificationStatus.Error,
    notice: 'documentRejected',
    params: { document: name, reason: decision.reason ?? '' },
  }
}

async function decide(
  tx: Db,
  customerId: number,
  adminUserId: number,
  uploadId: number,
  decision: Decision,
): Promise<Failure | undefined> {
  const [upload] = await tx
    .select()
    .from(uploadedDocuments)
    .where(and(eq(uploadedDocuments.id, uploadId), eq(uploadedDocuments.customerId, customerId)))
    .for('update')
  if (!upload || upload.uploadedAt === null || upload.statusId === DocumentStatus.Deleted) {
    return refuse('refusal.kyc.notUploadedFile')
  }
  if (upload.mainUploadId !== null) {
    return refuse('refusal.kyc.pageOfFile', { file: String(upload.mainUploadId) })
  }
  if (!waitingStatuses.includes(upload.statusId)) {
    return refuse('refusal.kyc.alreadyDecided')
  }
  await tx
    .update(uploadedDocuments)
    .set({
      statusId: decision.confirm ? DocumentStatus.Confirmed : DocumentStatus.Rejected,
      rejectReason: decision.reason ?? null,
    })
    .where(or(eq(uploadedDocuments.id, upload.id), eq(uploadedDocuments.mainUploadId, upload.id)))
  await followDocument(tx, upload, decision)
  if (decision.confirm) await followLimitReason(tx, upload)
  await recordDecision(tx, {
    customerId,
    uploadedDocumentId: upload.id,
    action: decision.confirm ? 'confirmed' : 'rejected',
    ...(decision.reason ? { reason: decision.reason } : {}),
    decidedBy: adminUserId,
  })
  await notifyCustomer(tx, customerId, decisionNotice(upload, decision))
  await settleDuplicates(tx, customerId)
  return undefined
}

/**
 * Section 4's duplicate documents stay flagged while a file another customer uploaded too still
 * waits for review. Once every such file is decided, the reviewer has answered the question the
 * flag asks and the customer's state no longer shows it (docs/decisions.md).
 */
async function settleDuplicates(tx: Db, customerId: number): Promise<void> {
  const [profile] = await tx
    .select({ duplicateDocuments: kycProfiles.duplicateDocuments })
    .from(kycProfiles)
    .where(eq(kycProfiles.customerId, customerId))
  if (!profile || profile.duplicateDocuments === 'none') return
  const waiting = await tx
    .select()
    .from(uploadedDocuments)
    .where(
      and(
        eq(uploadedDocuments.customerId, customerId),
        inArray(uploadedDocuments.statusId, [...waitingStatuses]),
        isNotNull(uploadedDocuments.uploadedAt),
      ),
    )
  if ((await duplicatedElsewhere(tx, customerId, waiting)).size > 0) return
  await tx
    .update(kycProfiles)
    .set({ duplicateDocuments: 'none', updatedAt: sql`now()` })
    .where(eq(kycProfiles.customerId, customerId))
}

export const handler: Handler<'adminDocumentDecide'> = async (context, input) => {
  const { customerId, userId } = requireSession(context)
  const confirm = input.decision === 'confirm'
  const reason = confirm ? undefined : input.rejectReason?.trim()
  if (!confirm && !reason) {
    return validationFailure([refusal('rejectReason', 'refusal.common.requiredToReject')])
  }
  const refused = await context.db.transaction((tx) =>
    decide(tx, customerId, userId, input.uploadedDocumentId, { confirm, reason }),
  )
  if (refused) return refused
  const records = await loadCustomerRecords(context.db, customerId)
  const upload = records?.uploads.find((row) => row.id === input.uploadedDocumentId)
  if (!records || !upload) return rpcRefuse('UE', 'answer.kyc.fileNotFoundAfterDecision')
  const decisions = await decisionsOf(context.db, [upload.id])
  const duplicates = await duplicatedElsewhere(context.db, customerId, [upload])
  return rpcOk({
    file: adminFileView(records, upload, decisions, duplicates),
    status: userStatusOf(records),
  })
}
