// Loads what the customer and kyc operations answer from: a customer's current addresses,
// documents and their files, e-mails, phones, KYC profile, newest identity-check request
// and open limit reasons (product-spec section 3, Documents and addresses; Phone and
// e-mail; User status and KYC). Read-only; the handlers shape it with record-views.ts.
import { and, asc, desc, eq, isNull, ne, notExists, type SQL } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import {
  customerAddresses,
  customerDocuments,
  customerEmails,
  customerLimitReasons,
  customerPhones,
  customers,
  kycProfiles,
  kycRequests,
  uploadedDocuments,
} from '../db/schema.ts'
import { businessRepresentativeAddresses } from '../db/schema-business.ts'
import { DocumentStatus } from '../../generated/constants.ts'
import { documentTypeById } from './document-type-lookup.ts'

export type CustomerRow = typeof customers.$inferSelect
export type AddressRow = typeof customerAddresses.$inferSelect
export type DocumentRow = typeof customerDocuments.$inferSelect
export type UploadRow = typeof uploadedDocuments.$inferSelect
export type EmailRow = typeof customerEmails.$inferSelect
export type PhoneRow = typeof customerPhones.$inferSelect
export type KycProfileRow = typeof kycProfiles.$inferSelect
export type KycRequestRow = typeof kycRequests.$inferSelect
export type LimitReasonRow = typeof customerLimitReasons.$inferSelect

export interface CustomerRecords {
  customer: CustomerRow
  /**
   * Current addresses (not replaced), oldest first; a business's representatives' addresses
   * are theirs, not the business's (src/server/business/company-records.ts reads them).
   */
  addresses: AddressRow[]
  /** Documents the bank asks for, oldest first. */
  documents: DocumentRow[]
  /** Uploaded files except deleted ones, newest first. */
  uploads: UploadRow[]
  /** Primary first, then oldest first. */
  emails: EmailRow[]
  /** Current phones (not replaced), primary first, then oldest first. */
  phones: PhoneRow[]
  kycProfile: KycProfileRow | undefined
  latestKycRequest: KycRequestRow | undefined
  /** Open limit reasons, oldest first. */
  limitReasons: LimitReasonRow[]
  /** The day the answer is computed for (UTC, yyyy-mm-dd). */
  today: string
}

/**
 * The customer's current addresses (not replaced) as a condition on customer_addresses: a
 * business's representatives' addresses are theirs, not the business's, so they are left out
 * (src/server/business/company-records.ts reads them).
 */
export function currentAddressesOf(db: Pick<Db, 'select'>, customerId: number): SQL | undefined {
  return and(
    eq(customerAddresses.customerId, customerId),
    isNull(customerAddresses.replacedAt),
    notExists(
      db
        .select({ addressId: businessRepresentativeAddresses.addressId })
        .from(businessRepresentativeAddresses)
        .where(eq(businessRepresentativeAddresses.addressId, customerAddresses.id)),
    ),
  )
}

/** The records of one customer; undefined when the customer does not exist. */
export async function loadCustomerRecords(
  db: Db,
  customerId: number,
  now: Date = new Date(),
): Promise<CustomerRecords | undefined> {
  // One read-only snapshot, so the state derived from several tables is consistent.
  return db.transaction(
    async (tx) => {
      const [customer] = await tx.select().from(customers).where(eq(customers.id, customerId))
      if (!customer) return undefined
      return {
        customer,
        ...(await readRecords(tx, customerId)),
        today: now.toISOString().slice(0, 10),
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}

type Reader = Pick<Db, 'select'>

async function readRecords(
  db: Reader,
  customerId: number,
): Promise<Omit<CustomerRecords, 'customer' | 'today'>> {
  const addresses = await db
    .select()
    .from(customerAddresses)
    .where(currentAddressesOf(db, customerId))
    .orderBy(asc(customerAddresses.id))
  const documents = await db
    .select()
    .from(customerDocuments)
    .where(eq(customerDocuments.customerId, customerId))
    .orderBy(asc(customerDocuments.id))
  const uploads = await db
    .select()
    .from(uploadedDocuments)
    .where(
      and(
        eq(uploadedDocuments.customerId, customerId),
        ne(uploadedDocuments.statusId, DocumentStatus.Deleted),
      ),
    )
    .orderBy(desc(uploadedDocuments.id))
  const emails = await db
    .select()
    .from(customerEmails)
    .where(eq(customerEmails.customerId, customerId))
    .orderBy(desc(customerEmails.isPrimary), asc(customerEmails.id))
  const phones = await db
    .select()
    .from(customerPhones)
    .where(and(eq(customerPhones.customerId, customerId), isNull(customerPhones.replacedAt)))
    .orderBy(desc(customerPhones.isPrimary), asc(customerPhones.id))
  const [kycProfile] = await db
    .select()
    .from(kycProfiles)
    .where(eq(kycProfiles.customerId, customerId))
  const [latestKycRequest] = await db
    .select()
    .from(kycRequests)
    .where(eq(kycRequests.customerId, customerId))
    .orderBy(desc(kycRequests.createdAt), desc(kycRequests.id))
    .limit(1)
  const limitReasons = await db
    .select()
    .from(customerLimitReasons)
    .where(
      and(eq(customerLimitReasons.customerId, customerId), isNull(customerLimitReasons.resolvedAt)),
    )
    .orderBy(asc(customerLimitReasons.id))
  return {
    addresses,
    documents,
    uploads,
    emails,
    phones,
    kycProfile,
    latestKycRequest,
    limitReasons,
  }
}

/**
 * A file's category: its document's, else its type's first (limit uploads need no document;
 * a type serving several categories is filed under the first the catalogue lists).
 */
export function categoryOf(records: CustomerRecords, upload: UploadRow): number | undefined {
  const document = records.documents.find((row) => row.id === upload.documentId)
  return document?.categoryId ?? documentTypeById(upload.documentTypeId)?.categoryIds[0]
}

/** The main files (not back pages, stamp pages or relationship documents) of a category. */
export function mainUploadsOfCategory(records: CustomerRecords, categoryId: number): UploadRow[] {
  return records.uploads.filter(
    (upload) => !upload.isSubDocument && categoryOf(records, upload) === categoryId,
  )
}

/** The files of the documents that prove one address, newest first. */
export function uploadsOfAddress(records: CustomerRecords, addressId: number): UploadRow[] {
  const documentIds = new Set(
    records.documents.filter((row) => row.addressId === addressId).map((row) => row.id),
  )
  return records.uploads.filter(
    (upload) => upload.documentId !== null && documentIds.has(upload.documentId),
  )
}
