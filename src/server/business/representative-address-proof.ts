// The proof of address of a representative's address (representativeAddressCreate and
// representativeAddressConfirm; product-spec section 3, Documents and addresses; section 5,
// documents over 90 days). Everything is checked before anything is written: the
// representative is the acting business's, the document type proves an address of such a
// representative in that country, its parts are there, its dates hold, and every file is a PDF,
// JPEG or PNG by its bytes. One refusal refuses the request, naming each field that failed;
// then one transaction writes the address change, the document and its files.
import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customerAddresses, customerDocuments, uploadedDocuments, users } from '../db/schema.ts'
import {
  type Answer,
  type Failure,
  type FieldError,
  refusal,
  rpcOk,
  type RefusalKey,
  type RefusalParams,
  rpcRefuse,
} from '../rpc/outcome.ts'
import { addressView } from '../kyc/record-views.ts'
import { checkUploadedFile, storeFile, type CheckedFile } from '../uploads/stored-files.ts'
import { documentTypeById } from '../kyc/document-type-lookup.ts'
import type { DocumentTypeEntry } from '../dictionaries/document-type-table.ts'
import { daysBetween, maxDocumentAgeDays } from '../../shared/document-review.ts'
import {
  AddressStatus,
  DocumentCategory,
  DocumentStatus,
  ShareholderType,
} from '../../generated/constants.ts'
import { isFailure, loadCompanyRecords, type RepresentativeRow } from './company-records.ts'

/** The proof as the request sends it: the data part's document fields and the file parts. */
export interface ProofRequest {
  documentTypeId: number
  issuedDate?: string
  expiresDate?: string
  mainDocument: unknown
  additionalDocument?: unknown
  relationshipDocument?: unknown
}

/** The proof's fields of the data part and the file parts of either operation's request. */
export function proofRequest(
  data: { documentTypeId: number; issuedDate?: string; expiresDate?: string },
  parts: { mainDocument: unknown; additionalDocument?: unknown; relationshipDocument?: unknown },
): ProofRequest {
  return {
    documentTypeId: data.documentTypeId,
    ...(data.issuedDate !== undefined ? { issuedDate: data.issuedDate } : {}),
    ...(data.expiresDate !== undefined ? { expiresDate: data.expiresDate } : {}),
    mainDocument: parts.mainDocument,
    ...(parts.additionalDocument !== undefined
      ? { additionalDocument: parts.additionalDocument }
      : {}),
    ...(parts.relationshipDocument !== undefined
      ? { relationshipDocument: parts.relationshipDocument }
      : {}),
  }
}

/** A proof that passed every check, ready to write. */
export interface CheckedProof {
  documentTypeId: number
  categoryId: DocumentCategory
  issuedDate: string | undefined
  expiresDate: string | undefined
  main: CheckedFile
  /** A further page: the back page or the stamp page of types that need one. */
  additional: CheckedFile | undefined
  relationship: CheckedFile | undefined
}

/**
 * The categories a representative proves an address with: a person's proof of address, a
 * company shareholder's business or registered-office address documents.
 */
function categoriesFor(representative: RepresentativeRow): DocumentCategory[] {
  return representative.type === ShareholderType.Person
    ? [DocumentCategory.ProofOfAddress]
    : [DocumentCategory.BusinessAddress, DocumentCategory.BusinessRegistrationAddress]
}

function fileErrors(request: ProofRequest, type: DocumentTypeEntry | undefined) {
  const errors: FieldError[] = []
  const file = (part: unknown, parameter: string): CheckedFile | undefined => {
    if (part === undefined) return undefined
    const check = checkUploadedFile(part, parameter)
    if (check.ok) return check.file
    errors.push(check.error)
    return undefined
  }
  const files = {
    main: file(request.mainDocument, 'mainDocument'),
    additional: file(request.additionalDocument, 'additionalDocument'),
    relationship: file(request.relationshipDocument, 'relationshipDocument'),
  }
  const required = 'refusal.business.requiredForDocumentType'
  if (
    type &&
    (type.needsBackPage || type.needsStampPage) &&
    request.additionalDocument === undefined
  ) {
    errors.push(refusal('additionalDocument', 'refusal.business.backOrStampRequired'))
  }
  if (type?.needsRelationshipDocument && request.relationshipDocument === undefined) {
    errors.push(refusal('relationshipDocument', required))
  }
  return { files, errors }
}

/** Section 5's date rules: not issued in the future, not expired, at most 90 days old unless the type allows. */
function dateErrors(request: ProofRequest, type: DocumentTypeEntry | undefined, today: string) {
  const errors: FieldError[] = []
  const fail = (field: string, reason: RefusalKey, params?: RefusalParams) =>
    errors.push(refusal(`data.${field}`, reason, params))
  const { issuedDate, expiresDate } = request
  if (issuedDate && daysBetween(today, issuedDate) > 0)
    fail('issuedDate', 'refusal.business.inFuture')
  if (expiresDate && daysBetween(today, expiresDate) < 0)
    fail('expiresDate', 'refusal.business.hasPassed')
  if (issuedDate && expiresDate && daysBetween(issuedDate, expiresDate) <= 0) {
    fail('expiresDate', 'refusal.business.notAfterIssued')
  }
  if (type && !type.allowedOver90Days) {
    const days = { days: maxDocumentAgeDays }
    if (!issuedDate) fail('issuedDate', 'refusal.business.issuedRequiredRecent', days)
    else if (daysBetween(issuedDate, today) > maxDocumentAgeDays)
      fail('issuedDate', 'refusal.business.issuedRecent', days)
  }
  return errors
}

/** Every check of the proof for a representative's address in countryCode. */
export function checkProof(
  request: ProofRequest,
  representative: RepresentativeRow,
  countryCode: string,
  today: string,
): { ok: true; proof: CheckedProof } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = []
  const type = documentTypeById(request.documentTypeId)
  const categoryId = categoriesFor(representative).find((id) => type?.categoryIds.includes(id))
  if (!type || categoryId === undefined) {
    errors.push(refusal('data.documentTypeId', 'refusal.business.notProofOfAddressType'))
  } else if (type.countryCodes && !type.countryCodes.includes(countryCode)) {
    const country = countryCode
    errors.push(refusal('data.documentTypeId', 'refusal.business.notIssuedIn', { country }))
  }
  const files = fileErrors(request, type)
  errors.push(...files.errors, ...dateErrors(request, type, today))
  if (errors.length > 0 || !files.files.main || categoryId === undefined) {
    return { ok: false, errors }
  }
  return {
    ok: true,
    proof: {
      documentTypeId: request.documentTypeId,
      categoryId,
      issuedDate: request.issuedDate,
      expiresDate: request.expiresDate,
      main: files.files.main,
      additional: files.files.additional,
      relationship: files.files.relationship,
    },
  }
}

/**
 * Files the proof for an address of the business (a representative's), in the caller's
 * transaction: the address's document of the proof's category, submitted for review, with the
 * main file and its sub-documents, each file stored by content (stored_files).
 */
export async function fileProof(
  tx: Db,
  upload: { companyId: number; addressId: number; userId: number; proof: CheckedProof },
): Promise<void> {
  const { companyId, addressId, proof } = upload
  const [uploader] = await tx
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, upload.userId))
  if (!uploader) throw new Error('assertion: the signed-in user exists')
  const documentId = await submittedDocument(tx, companyId, addressId, proof.categoryId)
  const parts: [CheckedFile | undefined, boolean][] = [
    [proof.main, false],
    [proof.additional, true],
    [proof.relationship, true],
  ]
  for (const [file, isSubDocument] of parts) {
    if (!file) continue
    const fileId = await storeFile(tx, companyId, 'document', file)
    await tx.insert(uploadedDocuments).values({
      customerId: companyId,
      documentId,
      documentTypeId: proof.documentTypeId,
      statusId: DocumentStatus.Submitted,
      isSubDocument,
      // The dates are the main document's; a further page carries none of its own.
      issuedDate: isSubDocument ? null : (proof.issuedDate ?? null),
      expiresDate: isSubDocument ? null : (proof.expiresDate ?? null),
      createdUsername: uploader.username,
      fileName: file.fileName,
      contentType: file.contentType,
      sizeBytes: file.content.length,
      fileId,
      uploadedAt: new Date(),
    })
  }
}

/** The address's document of the category, now submitted; a new one when it has none. */
async function submittedDocument(
  tx: Db,
  companyId: number,
  addressId: number,
  categoryId: number,
): Promise<number> {
  const [existing] = await tx
    .select({ id: customerDocuments.id })
    .from(customerDocuments)
    .where(
      and(
        eq(customerDocuments.customerId, companyId),
        eq(customerDocuments.addressId, addressId),
        eq(customerDocuments.categoryId, categoryId),
      ),
    )
    .orderBy(desc(customerDocuments.id))
    .limit(1)
  if (existing) {
    await tx
      .update(customerDocuments)
      .set({ statusId: DocumentStatus.Submitted })
      .where(eq(customerDocuments.id, existing.id))
    return existing.id
  }
  const [created] = await tx
    .insert(customerDocuments)
    .values({ customerId: companyId, categoryId, statusId: DocumentStatus.Submitted, addressId })
    .returning({ id: customerDocuments.id })
  if (!created) throw new Error('assertion: the document insert returned its row')
  return created.id
}

/** An address whose proof is in review is pending (product-spec section 3, Address status). */
export async function markAddressPending(tx: Db, addressId: number): Promise<void> {
  await tx
    .update(customerAddresses)
    .set({ status: AddressStatus.Pending })
    .where(eq(customerAddresses.id, addressId))
}

/** The answer of both operations: the address as the representative's readers now show it. */
export async function addressAnswer(
  db: Db,
  companyId: number,
  addressId: number,
): Promise<Answer<'representativeAddressCreate' | 'representativeAddressConfirm'> | Failure> {
  const company = await loadCompanyRecords(db, companyId)
  if (isFailure(company)) return company
  const address = [...company.representativeAddresses.values()]
    .flat()
    .find((row) => row.id === addressId)
  if (!address) return rpcRefuse('UE', 'answer.common.addressNotFound')
  return rpcOk({ address: addressView(company.records, address) })
}
