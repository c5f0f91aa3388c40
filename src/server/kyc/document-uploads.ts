// What the three document uploads share (customerDocumentCreate, businessDocumentCreate,
// limitDocumentUpload; product-spec sections 3, 4 and 5): every part checked by its bytes and
// the type's needs before anything is written, then one transaction that stores the files,
// files them under the customer's document of their category and moves the statuses of
// section 4 (the document and its files submitted, i.e. in review; a proof's address pending).
// A file already uploaded by another customer flags duplicate documents (kyc_profiles).
import { createHash } from 'node:crypto'
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import {
  customerAddresses,
  customerDocuments,
  kycProfiles,
  storedFiles,
  uploadedDocuments,
  users,
} from '../db/schema.ts'
import {
  AddressStatus,
  AddressType,
  DocumentCategory,
  DocumentStatus,
} from '../../generated/constants.ts'
import { refusal, type FieldError } from '../rpc/outcome.ts'
import {
  checkUploadedFile,
  storeFile,
  type CheckedFile,
  type StoredFilePurpose,
} from '../uploads/stored-files.ts'
import { isProtectedPdf } from '../uploads/file-signatures.ts'
import {
  documentUploadErrors,
  subDocumentParts,
  type SubDocumentPart,
} from '../../shared/document-upload-rules.ts'
import type { DocumentTypeEntry } from '../dictionaries/document-type-table.ts'

/** The categories that prove an address, and the address types each defaults to. */
const addressCategories = new Map<number, readonly number[]>([
  [
    DocumentCategory.ProofOfAddress,
    [AddressType.Home, AddressType.HomeAndBusiness, AddressType.Residence],
  ],
  [
    DocumentCategory.BusinessAddress,
    [AddressType.Business, AddressType.HomeAndBusiness, AddressType.Office],
  ],
  [DocumentCategory.BusinessRegistrationAddress, []],
])

export function provesAddress(categoryId: number): boolean {
  return addressCategories.has(categoryId)
}

/** The parts and facts of one upload request, as the handler read them. */
export interface UploadRequest {
  type: DocumentTypeEntry
  number?: string
  issuedDate?: string
  expiresDate?: string
  password?: string
  /** The request field of the document itself and what arrived in it. */
  main: { parameter: string; part: unknown }
  /** The sub-document parts that arrived. */
  subParts: Partial<Record<SubDocumentPart, unknown>>
  /**
   * Whether the operation has the password field and the sub-document parts (limitDocumentUpload
   * has one file and neither).
   */
  hasDocumentFields: boolean
}

export interface CheckedUpload {
  main: CheckedFile
  subs: { part: SubDocumentPart; file: CheckedFile }[]
}

/**
 * Every file checked by its bytes (PDF, JPEG or PNG, not empty), then the type's needs:
 * its parts, its password and its dates (section 5). All refusals at once, each naming its
 * field; nothing is written by a refused upload.
 */
export function checkUpload(
  request: UploadRequest,
  today: string,
): { ok: true; upload: CheckedUpload } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = []
  const main = checkUploadedFile(request.main.part, request.main.parameter)
  if (!main.ok) errors.push(main.error)
  const subs: CheckedUpload['subs'] = []
  const given = subDocumentParts.filter((part) => request.subParts[part] !== undefined)
  for (const part of given) {
    const checked = checkUploadedFile(request.subParts[part], part)
    if (checked.ok) subs.push({ part, file: checked.file })
    else errors.push(checked.error)
  }
  const ruleErrors = documentUploadErrors(request.type, {
    subParts: given,
    hasPassword: request.password !== undefined && request.password !== '',
    isProtected: main.ok && isProtectedPdf(main.file.content),
    ...(request.issuedDate ? { issuedDate: request.issuedDate } : {}),
    ...(request.expiresDate ? { expiresDate: request.expiresDate } : {}),
    today,
    mainPart: request.main.parameter,
    takesPassword: request.hasDocumentFields,
    takesSubDocuments: request.hasDocumentFields,
  })
  errors.push(...ruleErrors.map((error) => refusal(error.parameter, error.key, error.params)))
  if (errors.length > 0 || !main.ok) return { ok: false, errors }
  return { ok: true, upload: { main: main.file, subs } }
}

/**
 * The address a proof of this category is for: the one named, which must be a current
 * address of the customer, else the customer's first address of the category's types.
 */
export async function addressForUpload(
  db: Db,
  customerId: number,
  categoryId: number,
  addressId: number | undefined,
): Promise<{ addressId: number | undefined } | { error: FieldError }> {
  const current = await db
    .select({ id: customerAddresses.id, addressType: customerAddresses.addressType })
    .from(customerAddresses)
    .where(and(eq(customerAddresses.customerId, customerId), isNull(customerAddresses.replacedAt)))
    .orderBy(customerAddresses.id)
  if (addressId !== undefined) {
    if (!provesAddress(categoryId)) {
      return {
        error: refusal('addressId', 'refusal.kyc.addressOnlyForProof'),
      }
    }
    if (!current.some((address) => address.id === addressId)) {
      return {
        error: refusal('addressId', 'refusal.kyc.notCustomerAddress'),
      }
    }
    return { addressId }
  }
  const types = addressCategories.get(categoryId) ?? []
  return { addressId: current.find((address) => types.includes(address.addressType))?.id }
}

export async function usernameOf(db: Db, userId: number): Promise<string> {
  const [user] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) throw new Error(`assertion: user ${userId} exists`)
  return user.username
}

/** Where an upload is filed and who made it. */
export interface UploadTarget {
  customerId: number
  categoryId: number
  addressId: number | undefined
  isDueDiligence: boolean
  representativeId?: number
  limitReasonId?: number
  createdUsername: string
  purpose: StoredFilePurpose
}

/** The customer's document of this category (and address), the newest; created when none. */
export async function documentRowFor(
  tx: Db,
  target: Pick<UploadTarget, 'customerId' | 'categoryId' | 'addressId' | 'isDueDiligence'>,
): Promise<number> {
  const [existing] = await tx
    .select({ id: customerDocuments.id })
    .from(customerDocuments)
    .where(
      and(
        eq(customerDocuments.customerId, target.customerId),
        eq(customerDocuments.categoryId, target.categoryId),
        eq(customerDocuments.isDueDiligence, target.isDueDiligence),
        target.addressId === undefined
          ? isNull(customerDocuments.addressId)
          : eq(customerDocuments.addressId, target.addressId),
      ),
    )
    .orderBy(desc(customerDocuments.id))
    .limit(1)
  if (existing) return existing.id
  const [created] = await tx
    .insert(customerDocuments)
    .values({
      customerId: target.customerId,
      categoryId: target.categoryId,
      statusId: DocumentStatus.Submitted,
      addressId: target.addressId ?? null,
      isDueDiligence: target.isDueDiligence,
    })
    .returning({ id: customerDocuments.id })
  if (!created) throw new Error('assertion: the customer document was inserted')
  return created.id
}

const sha256 = (file: CheckedFile) => createHash('sha256').update(file.content).digest('hex')

/**
 * Section 4's duplicate documents: a file another customer uploaded too flags them; once
 * flagged, a later upload without duplicates means new documents were sent since.
 */
async function markDuplicates(tx: Db, customerId: number, files: CheckedFile[]): Promise<void> {
  const [duplicate] = await tx
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(
      and(inArray(storedFiles.sha256, files.map(sha256)), ne(storedFiles.customerId, customerId)),
    )
    .limit(1)
  const [profile] = await tx
    .select({ duplicateDocuments: kycProfiles.duplicateDocuments })
    .from(kycProfiles)
    .where(eq(kycProfiles.customerId, customerId))
  const now = profile?.duplicateDocuments ?? 'none'
  const next = duplicate ? 'flagged' : now === 'flagged' ? 'uploaded' : now
  if (next === now) return
  await tx
    .insert(kycProfiles)
    .values({ customerId, duplicateDocuments: next })
    .onConflictDoUpdate({
      target: kycProfiles.customerId,
      set: { duplicateDocuments: next, updatedAt: sql`now()` },
    })
}

/** Stores the files and their records in the caller's transaction; the main file's id first. */
export async function recordUpload(
  tx: Db,
  target: UploadTarget,
  request: Pick<UploadRequest, 'type' | 'number' | 'issuedDate' | 'expiresDate'>,
  upload: CheckedUpload,
): Promise<number[]> {
  const documentId = await documentRowFor(tx, target)
  const uploadedAt = new Date()
  const insertFile = async (file: CheckedFile, mainUploadId?: number) => {
    const fileId = await storeFile(tx, target.customerId, target.purpose, file)
    const [row] = await tx
      .insert(uploadedDocuments)
      .values({
        customerId: target.customerId,
        documentId,
        limitReasonId: target.limitReasonId ?? null,
        documentTypeId: request.type.id,
        statusId: DocumentStatus.Submitted,
        isSubDocument: mainUploadId !== undefined,
        mainUploadId: mainUploadId ?? null,
        representativeId: target.representativeId ?? null,
        number: request.number ?? null,
        issuedDate: request.issuedDate ?? null,
        expiresDate: request.expiresDate ?? null,
        createdUsername: target.createdUsername,
        fileName: file.fileName,
        contentType: file.contentType,
        sizeBytes: file.content.length,
        fileId,
        uploadedAt,
      })
      .returning({ id: uploadedDocuments.id })
    if (!row) throw new Error('assertion: the uploaded document was inserted')
    return row.id
  }
  const mainId = await insertFile(upload.main)
  const ids = [mainId]
  for (const sub of upload.subs) ids.push(await insertFile(sub.file, mainId))
  await tx
    .update(customerDocuments)
    .set({ statusId: DocumentStatus.Submitted })
    .where(eq(customerDocuments.id, documentId))
  if (target.addressId !== undefined) {
    // A new proof puts an address that is not confirmed under review (section 3 statuses).
    await tx
      .update(customerAddresses)
      .set({ status: AddressStatus.Pending })
      .where(
        and(
          eq(customerAddresses.id, target.addressId),
          inArray(customerAddresses.status, [
            AddressStatus.Unconfirmed,
            AddressStatus.Rejected,
            AddressStatus.NameMismatch,
          ]),
        ),
      )
  }
  await markDuplicates(tx, target.customerId, [upload.main, ...upload.subs.map((s) => s.file)])
  return ids
}
