// Shapes a customer's records into the entities of schemas/ (Address, UploadedDocument,
// CustomerDocument, Identity, LimitReason, Phone, CustomerEmail), applying the document rules
// of product-spec sections 4 and 5 from src/shared/document-review.ts.
import type { components } from '../../generated/api.d.ts'
import {
  AddressStatus,
  AddressType,
  DocumentCategory,
  DocumentStatus,
} from '../../generated/constants.ts'
import {
  documentsReview,
  isAcceptableAddressDocument,
  isDocumentOutOfDate,
  proofOfResidenceStatus,
} from '../../shared/document-review.ts'
import {
  categoryOf,
  mainUploadsOfCategory,
  uploadsOfAddress,
  type AddressRow,
  type CustomerRecords,
  type DocumentRow,
  type EmailRow,
  type LimitReasonRow,
  type PhoneRow,
  type UploadRow,
} from './customer-records.ts'
import {
  documentTypeById,
  documentTypeName,
  documentTypesOfCategory,
} from './document-type-lookup.ts'
import { isBusinessCustomer as isBusinessCustomerType } from '../../shared/access-rights.ts'

type Schemas = components['schemas']

/** Statuses of a file the bank refused or that no longer counts. */
const refusedStatuses = new Set<number>([
  DocumentStatus.Canceled,
  DocumentStatus.Deleted,
  DocumentStatus.Rejected,
  DocumentStatus.Expired,
  DocumentStatus.NameMismatch,
])

export function uploadedDocumentView(
  records: CustomerRecords,
  upload: UploadRow,
): Schemas['UploadedDocument'] {
  const categoryId = categoryOf(records, upload)
  return {
    id: upload.id,
    statusId: upload.statusId as Schemas['DocumentStatus'],
    uploaded: upload.uploadedAt !== null,
    ...(upload.uploadedAt ? { uploadedAt: upload.uploadedAt.toISOString() } : {}),
    documentTypeId: upload.documentTypeId,
    documentType: documentTypeName(upload.documentTypeId),
    ...(categoryId ? { categoryId: categoryId as Schemas['DocumentCategory'] } : {}),
    isSubDocument: upload.isSubDocument,
    ...(upload.issuedDate ? { issuedDate: upload.issuedDate } : {}),
    ...(upload.expiresDate ? { expiresDate: upload.expiresDate } : {}),
    createdUsername: upload.createdUsername,
    ...(upload.rejectReason ? { rejectReason: upload.rejectReason } : {}),
  }
}

/** The newest main file of a list that counts as a proof of address (section 4: ids 0 and 2). */
function newestAcceptable(uploads: UploadRow[]): UploadRow | undefined {
  return uploads.find(
    (upload) => !upload.isSubDocument && isAcceptableAddressDocument(upload.statusId),
  )
}

export function addressView(records: CustomerRecords, address: AddressRow): Schemas['Address'] {
  const uploads = uploadsOfAddress(records, address.id)
  const proof = newestAcceptable(uploads)
  const isDocumentRequired = proof === undefined
  const outOfDate =
    proof !== undefined &&
    isDocumentOutOfDate(
      {
        issuedDate: proof.issuedDate,
        expiresDate: proof.expiresDate,
        uploadedOn: (proof.uploadedAt ?? proof.createdAt).toISOString().slice(0, 10),
        allowedOver90Days: documentTypeById(proof.documentTypeId)?.allowedOver90Days ?? false,
      },
      records.today,
    )
  return {
    addressId: address.id,
    addressType: address.addressType as Schemas['AddressType'],
    address1: address.address1,
    ...(address.address2 ? { address2: address.address2 } : {}),
    city: address.city,
    ...(address.postalCode ? { postalCode: address.postalCode } : {}),
    countryCode: address.countryCode,
    ...(address.stateCode ? { stateCode: address.stateCode } : {}),
    ...(address.stateName ? { stateName: address.stateName } : {}),
    addressStatus: address.status as Schemas['AddressStatus'],
    confirmed: address.status === AddressStatus.Confirmed,
    uploadedDocuments: uploads.map((upload) => uploadedDocumentView(records, upload)),
    isDocumentOutOfDate: outOfDate,
    // The card issuer's request is met once an acceptable proof is on file.
    isCardDocumentRequired: address.cardDocumentRequired && isDocumentRequired,
    isDocumentRequired,
  }
}

const homeTypes = new Set<number>([
  AddressType.Home,
  AddressType.HomeAndBusiness,
  AddressType.Residence,
])

/** The address a person lives at: the oldest current home (or home and business, residence). */
export function homeAddress(records: CustomerRecords): AddressRow | undefined {
  return records.addresses.find((address) => homeTypes.has(address.addressType))
}

export function isBusinessCustomer(records: CustomerRecords): boolean {
  return isBusinessCustomerType(records.customer.customerType)
}

export function identityView(records: CustomerRecords): Schemas['Identity'] {
  const identityUploads = mainUploadsOfCategory(records, DocumentCategory.ProofOfIdentity)
  const newestIdentity = identityUploads[0]
  const profile = records.kycProfile
  const home = homeAddress(records)
  const residenceUploads = home ? uploadsOfAddress(records, home.id) : []
  const newestResidence = residenceUploads.find((upload) => !upload.isSubDocument)
  return {
    documents: identityUploads.map((upload) => uploadedDocumentView(records, upload)),
    ...(newestIdentity ? { status: newestIdentity.statusId as Schemas['DocumentStatus'] } : {}),
    ...(profile?.videoIdentityJobId && profile.videoIdentityStatusId !== null
      ? {
          videoIdentity: {
            jobId: profile.videoIdentityJobId,
            statusId: profile.videoIdentityStatusId as Schemas['DocumentStatus'],
            ...(profile.videoIdentityCreatedAt
              ? { createdAt: profile.videoIdentityCreatedAt.toISOString() }
              : {}),
          },
        }
      : {}),
    proofOfResidence: {
      status: proofOfResidenceStatus(newestResidence, records.today, isBusinessCustomer(records)),
      ...(newestResidence?.expiresDate ? { expiresDate: newestResidence.expiresDate } : {}),
      documents: residenceUploads.map((upload) => uploadedDocumentView(records, upload)),
    },
  }
}

/** The address inquiry's identity: the newest proof of identity, if any. */
export function identityDocumentView(
  records: CustomerRecords,
): Schemas['CustomerIdentityDocument'] | undefined {
  const newest = mainUploadsOfCategory(records, DocumentCategory.ProofOfIdentity)[0]
  if (!newest) return undefined
  return {
    ...(newest.expiresDate ? { expiresDate: newest.expiresDate } : {}),
    ...(newest.issuedDate ? { issuedDate: newest.issuedDate } : {}),
    ...(newest.number ? { number: newest.number } : {}),
    ...(newest.rejectReason ? { rejectReason: newest.rejectReason } : {}),
    status: newest.statusId as Schemas['DocumentStatus'],
    type: documentTypeName(newest.documentTypeId),
    typeId: newest.documentTypeId,
  }
}

export function customerDocumentView(
  records: CustomerRecords,
  document: DocumentRow,
): Schemas['CustomerDocument'] {
  const uploads = records.uploads.filter((upload) => upload.documentId === document.id)
  const review = documentsReview(
    uploads.filter((upload) => !upload.isSubDocument).map((upload) => upload.statusId),
  )
  return {
    documentId: document.id,
    categoryId: document.categoryId as Schemas['DocumentCategory'],
    statusId: document.statusId as Schemas['DocumentStatus'],
    documentTypes: documentTypesOfCategory(
      document.categoryId,
    ) as Schemas['DocumentTypeRequirement'][],
    ...(document.addressId ? { addressId: document.addressId } : {}),
    isDueDiligence: document.isDueDiligence,
    uploadedDocuments: uploads.map((upload) => uploadedDocumentView(records, upload)),
    ...review,
  }
}

export function limitReasonView(
  records: CustomerRecords,
  reason: LimitReasonRow,
): Schemas['LimitReason'] {
  const uploads = records.uploads.filter((upload) => upload.limitReasonId === reason.id)
  return {
    limitReasonId: reason.id,
    actionTypeId: reason.actionTypeId as Schemas['RestrictionReason'],
    requirementDocuments: reason.requiredCategoryIds.map((categoryId) => ({
      categoryId: categoryId as Schemas['DocumentCategory'],
      documentTypes: documentTypesOfCategory(categoryId) as Schemas['DocumentTypeRequirement'][],
      isUploaded: uploads.some(
        (upload) =>
          upload.uploadedAt !== null &&
          !refusedStatuses.has(upload.statusId) &&
          categoryOf(records, upload) === categoryId,
      ),
    })),
    uploadedDocuments: uploads.map((upload) => uploadedDocumentView(records, upload)),
    createdAt: reason.createdAt.toISOString(),
  }
}

export function phoneView(phone: PhoneRow): Schemas['Phone'] {
  return {
    id: phone.id,
    status: phone.isPrimary ? 'Primary' : 'Secondary',
    confirmed: phone.confirmedAt !== null,
    countryCode: phone.countryCode,
    number: phone.number,
    type: phone.type,
  }
}

export function emailView(email: EmailRow): Schemas['CustomerEmail'] {
  return {
    emailId: email.id,
    emailAddress: email.emailAddress,
    status: email.isPrimary ? 'Primary' : 'Secondary',
    confirmed: email.confirmedAt !== null,
  }
}
