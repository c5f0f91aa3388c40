// customerDocumentCreate and businessDocumentCreate: one document with the parts its type needs
// (spec/kyc.yaml; product-spec sections 3, 4 and 5). The type comes from the catalogue, the
// category from the request or the type, the address must be the customer's, a business's
// representative must be its own; then the files as document-uploads.ts checks and records
// them. The answer lists the new files, the main one first, as documentsInquiry shows them.
import { and, eq } from 'drizzle-orm'
import type { HandlerContext, RequestOf } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import {
  type Failure,
  type FieldError,
  refusal,
  validationFailure,
  rpcRefuse,
} from '../rpc/outcome.ts'
import { DocumentCategory } from '../../generated/constants.ts'
import { businessRepresentatives } from '../db/schema-business.ts'
import type { Db } from '../db/open-database.ts'
import type { DocumentTypeEntry } from '../dictionaries/document-type-table.ts'
import { documentTypeById } from './document-type-lookup.ts'
import {
  addressForUpload,
  checkUpload,
  provesAddress,
  recordUpload,
  usernameOf,
  type CheckedUpload,
} from './document-uploads.ts'
import { loadCustomerRecords } from './customer-records.ts'
import { uploadedDocumentView } from './record-views.ts'
import type { components } from '../../generated/api.d.ts'

type CreateInput = RequestOf<'customerDocumentCreate'> & { representativeId?: number }

/** The categories only a business is asked for (product-spec section 3, Document categories). */
const businessCategories = new Set<number>([
  DocumentCategory.BusinessRegistration,
  DocumentCategory.BusinessAddress,
  DocumentCategory.BusinessRegistrationAddress,
  DocumentCategory.ControlDocument,
  DocumentCategory.BusinessAdditionalDocument,
])

/** The category named, which the type must serve; else the type's first (an address one if an address is named). */
function categoryFor(type: DocumentTypeEntry, input: CreateInput): number | FieldError {
  if (input.categoryId !== undefined) {
    if (type.categoryIds.includes(input.categoryId)) return input.categoryId
    return refusal('categoryId', 'refusal.kyc.notCategoryOfType')
  }
  const first = type.categoryIds[0]
  if (first === undefined) throw new Error(`assertion: document type ${type.id} has a category`)
  if (input.addressId === undefined) return first
  return type.categoryIds.find(provesAddress) ?? first
}

async function representativeError(
  db: Db,
  customerId: number,
  representativeId: number | undefined,
): Promise<FieldError | undefined> {
  if (representativeId === undefined) return undefined
  const [row] = await db
    .select({ id: businessRepresentatives.id })
    .from(businessRepresentatives)
    .where(
      and(
        eq(businessRepresentatives.id, representativeId),
        eq(businessRepresentatives.companyCustomerId, customerId),
      ),
    )
  return row ? undefined : refusal('representativeId', 'refusal.common.notRepresentativeOfBusiness')
}

interface Plan {
  type: DocumentTypeEntry
  categoryId: number
  addressId: number | undefined
  upload: CheckedUpload
}

async function plan(
  db: Db,
  customerId: number,
  input: CreateInput,
  kind: 'personal' | 'business',
): Promise<Plan | FieldError[]> {
  const type = documentTypeById(input.documentTypeId)
  if (!type) {
    return [refusal('documentTypeId', 'refusal.common.notDocumentType')]
  }
  const errors: FieldError[] = []
  const category = categoryFor(type, input)
  let categoryId = type.categoryIds[0] ?? 0
  if (typeof category === 'number') categoryId = category
  else errors.push(category)
  if (kind === 'personal' && businessCategories.has(categoryId)) {
    const parameter = input.categoryId === undefined ? 'documentTypeId' : 'categoryId'
    errors.push(refusal(parameter, 'refusal.kyc.businessDocument'))
  }
  const address = await addressForUpload(db, customerId, categoryId, input.addressId)
  if ('error' in address) errors.push(address.error)
  const representative = await representativeError(db, customerId, input.representativeId)
  if (representative) errors.push(representative)
  const checked = checkUpload(
    {
      type,
      ...input,
      main: { parameter: 'mainDocument', part: input.mainDocument },
      subParts: {
        backPage: input.backPage,
        stampPage: input.stampPage,
        relationshipDocument: input.relationshipDocument,
      },
      hasDocumentFields: true,
    },
    new Date().toISOString().slice(0, 10),
  )
  if (!checked.ok) errors.push(...checked.errors)
  if (errors.length > 0 || !checked.ok || 'error' in address) return errors
  return { type, categoryId, addressId: address.addressId, upload: checked.upload }
}

type UploadedDocument = components['schemas']['UploadedDocument']

export async function createDocument(
  context: HandlerContext,
  input: CreateInput,
  kind: 'personal' | 'business',
): Promise<{ uploadedDocuments: UploadedDocument[] } | Failure> {
  const { customerId, userId } = requireSession(context)
  const planned = await plan(context.db, customerId, input, kind)
  if (Array.isArray(planned)) return validationFailure(planned)
  const createdUsername = await usernameOf(context.db, userId)
  const ids = await context.db.transaction((tx) =>
    recordUpload(
      tx,
      {
        customerId,
        categoryId: planned.categoryId,
        addressId: planned.addressId,
        isDueDiligence: input.isDueDiligence ?? false,
        ...(input.representativeId !== undefined
          ? { representativeId: input.representativeId }
          : {}),
        createdUsername,
        purpose: kind === 'business' ? 'companyDocument' : 'document',
      },
      { type: planned.type, ...input },
      planned.upload,
    ),
  )
  const records = await loadCustomerRecords(context.db, customerId)
  if (!records) return rpcRefuse('UE', 'answer.common.customerNotFound')
  const uploadedDocuments = ids.map((id) => {
    const row = records.uploads.find((upload) => upload.id === id)
    if (!row) throw new Error(`assertion: upload ${id} was recorded`)
    return uploadedDocumentView(records, row)
  })
  return { uploadedDocuments }
}
