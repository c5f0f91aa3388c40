// adminDocumentAssign: an administrator reassigns or links an uploaded document of the customer
// chosen with fromCustomerId (product-spec section 6) to a representative of the business, an
// address of the customer, or another document type of the catalogue. A new type keeps the
// document's category when it serves it, else takes its own first one; an address is named
// only by a proof of address. The file and its pages move together, under the customer's
// document of the resulting category and address; both documents' statuses follow their
// newest files, and the change is recorded with what it was before.
import { and, eq, or } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import type { components } from '../../generated/api.d.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { type FieldError, refusal, rpcOk, validationFailure, rpcRefuse } from '../rpc/outcome.ts'
import type { Db } from '../db/open-database.ts'
import { customerDocuments, uploadedDocuments } from '../db/schema.ts'
import { businessRepresentatives } from '../db/schema-business.ts'
import { documentTypeById } from '../kyc/document-type-lookup.ts'
import { addressForUpload, documentRowFor, provesAddress } from '../kyc/document-uploads.ts'
import { recordDecision } from '../kyc/admin-review.ts'
import { loadCustomerRecords, type UploadRow } from '../kyc/customer-records.ts'
import { uploadedDocumentView } from '../kyc/record-views.ts'
import { followNewestFile, mainUploadOf } from './admin-documents.ts'

type Id32 = components['schemas']['Id32']
/**
 * The request's properties as spec/business.yaml declares them: its "at least one target"
 * anyOf makes the generated request type unknown, and the dispatcher validated the body.
 */
interface Input {
  documentId: Id32
  representativeId?: Id32
  addressId?: Id32
  documentTypeId?: Id32
}

interface Placement {
  documentTypeId: number
  categoryId: number
  addressId: number | undefined
  isDueDiligence: boolean
  representativeId: number | null
}

async function currentPlacement(tx: Db, upload: UploadRow): Promise<Placement> {
  const [document] =
    upload.documentId === null
      ? []
      : await tx.select().from(customerDocuments).where(eq(customerDocuments.id, upload.documentId))
  const categoryId = document?.categoryId ?? documentTypeById(upload.documentTypeId)?.categoryIds[0]
  if (categoryId === undefined) throw new Error(`assertion: upload ${upload.id} has a category`)
  return {
    documentTypeId: upload.documentTypeId,
    categoryId,
    addressId: document?.addressId ?? undefined,
    isDueDiligence: document?.isDueDiligence ?? false,
    representativeId: upload.representativeId,
  }
}

/** Where the document goes, or the refusals naming the targets that cannot be. */
async function targetPlacement(
  tx: Db,
  customerId: number,
  before: Placement,
  input: Input,
): Promise<Placement | FieldError[]> {
  const errors: FieldError[] = []
  const after = { ...before }
  if (input.documentTypeId !== undefined) {
    const type = documentTypeById(input.documentTypeId)
    if (!type) {
      errors.push(refusal('documentTypeId', 'refusal.common.notDocumentType'))
    } else {
      after.documentTypeId = type.id
      if (!type.categoryIds.includes(before.categoryId)) after.categoryId = type.categoryIds[0] ?? 0
    }
  }
  if (input.representativeId !== undefined) {
    const [row] = await tx
      .select({ id: businessRepresentatives.id })
      .from(businessRepresentatives)
      .where(
        and(
          eq(businessRepresentatives.id, input.representativeId),
          eq(businessRepresentatives.companyCustomerId, customerId),
        ),
      )
    if (row) after.representativeId = row.id
    else errors.push(refusal('representativeId', 'refusal.common.notRepresentativeOfBusiness'))
  }
  const address = await addressForUpload(tx, customerId, after.categoryId, input.addressId)
  if ('error' in address) errors.push(address.error)
  else if (input.addressId !== undefined) after.addressId = address.addressId
  else if (!provesAddress(after.categoryId)) after.addressId = undefined
  return errors.length > 0 ? errors : after
}

export const handler: Handler<'adminDocumentAssign'> = async (context, body) => {
  const { customerId, userId } = requireSession(context)
  const input = body as Input
  const refused = await context.db.transaction(async (tx) => {
    const upload = await mainUploadOf(tx, customerId, input.documentId)
    if ('parameter' in upload) return [upload]
    const before = await currentPlacement(tx, upload)
    const after = await targetPlacement(tx, customerId, before, input)
    if (Array.isArray(after)) return after
    const documentId = await documentRowFor(tx, { customerId, ...after })
    await tx
      .update(uploadedDocuments)
      .set({
        documentId,
        documentTypeId: after.documentTypeId,
        representativeId: after.representativeId,
      })
      .where(or(eq(uploadedDocuments.id, upload.id), eq(uploadedDocuments.mainUploadId, upload.id)))
    await followNewestFile(tx, upload.documentId)
    await followNewestFile(tx, documentId)
    await recordDecision(tx, {
      customerId,
      uploadedDocumentId: upload.id,
      action: 'reassigned',
      details: {
        before: { ...before, documentId: upload.documentId },
        after: { ...after, documentId },
      },
      decidedBy: userId,
    })
    return undefined
  })
  if (refused) return validationFailure(refused)
  const records = await loadCustomerRecords(context.db, customerId)
  const upload = records?.uploads.find((row) => row.id === input.documentId)
  if (!records || !upload) return rpcRefuse('UE', 'answer.business.documentNotFoundAfterChange')
  return rpcOk({ document: uploadedDocumentView(records, upload) })
}
