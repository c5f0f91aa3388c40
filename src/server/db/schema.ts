// The database schema, shared by PGlite and PostgreSQL; migrations are generated from it by
// drizzle-kit (`npm run db:generate`) and applied at start. The ledger_* tables are in
// schema-ledger.ts, imported only by src/server/ledger/ (DESIGN.md section 3).
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { bytea } from './bytea.ts'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

export const customers = pgTable('customers', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 1001 }),
  /** Profile type: personal 0, old business 1, business 2 (product-spec section 3). */
  customerType: smallint('customer_type').notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  businessName: text('business_name'),
  email: text('email').notNull(),
  isAdmin: boolean('is_admin').notNull().default(false),
  residenceCountryCode: char('residence_country_code', { length: 2 }),
  birthDay: date('birth_day'),
  taxId: text('tax_id'),
  verified: boolean('verified').notNull().default(false),
  limited: boolean('limited').notNull().default(false),
  dueDiligenceLevel: smallint('due_diligence_level').notNull().default(0),
  needsPersonalInfoUpdate: boolean('needs_personal_info_update').notNull().default(false),
  needsKyc: boolean('needs_kyc').notNull().default(false),
  transactionApproveMode: text('transaction_approve_mode').notNull().default('simple'),
  login2faMode: text('login_2fa_mode').notNull().default('no'),
  useOldWeb: boolean('use_old_web').notNull().default(false),
  oldWebUrl: text('old_web_url'),
  hasRelatedAccounts: boolean('has_related_accounts').notNull().default(false),
  permissions: jsonb('permissions').$type<Record<string, boolean>>().notNull().default({}),
  /**
   * Set when the bank blocks the customer (fraud, compliance): no user may act for it, its
   * own users included, until the bank lifts the block (rpc/access.ts).
   */
  blockedAt: timestamp('blocked_at', { withTimezone: true }),
  /**
   * The language the customer reads the portal in (en, es, pt, ro, ru, ua): e-mails, SMS and
   * notices sent later (jobs, the outbox) are written in it (src/server/messages/).
   */
  lang: text('lang').notNull().default('en'),
  createdAt: createdAt(),
})

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 5001 }),
    /** The sign-in e-mail, stored lower-cased. */
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** 'simple' answers tokens at once; 'direct' answers a code for the PKCE exchange. */
    loginFlow: text('login_flow').notNull().default('direct'),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_username_key').on(t.username)],
)

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: text('id').primaryKey(),
    /** Every rotation of one sign-in shares a family; reuse of a spent token revokes it. */
    familyId: text('family_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
)

export const authCodes = pgTable('auth_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  codeChallenge: text('code_challenge').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  failedAttempts: smallint('failed_attempts').notNull().default(0),
})

export const loginHistory = pgTable(
  'login_history',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id),
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    success: boolean('success').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('login_history_user_idx').on(t.userId, t.createdAt)],
)

export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
})

// Customer records of the customer and kyc areas (product-spec section 3, Documents and
// addresses; Phone and e-mail; User status and KYC). Statuses are the catalogue ids of
// schemas/address-status, document-status and the other catalogue files.

export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 30001 }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** Address type: unspecified 0, home 1, business 2, home and business 3, residence 4, office 5. */
    addressType: smallint('address_type').notNull().default(1),
    address1: text('address1').notNull(),
    address2: text('address2'),
    city: text('city').notNull(),
    postalCode: text('postal_code'),
    countryCode: char('country_code', { length: 2 }).notNull(),
    stateCode: text('state_code'),
    stateName: text('state_name'),
    /** Unconfirmed 0, confirmed 1, pending 2, rejected 3, name mismatch 4. */
    status: smallint('status').notNull().default(0),
    /** The card issuer asks for a document before a card ships to this address. */
    cardDocumentRequired: boolean('card_document_required').notNull().default(false),
    /** Set when customerAddressReplace moved the customer away; such rows are history. */
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    /** When the customer last said the address is theirs and current (confirmAddress). */
    confirmedByCustomerAt: timestamp('confirmed_by_customer_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('customer_addresses_customer_idx').on(t.customerId),
    check('customer_addresses_status_check', sql`${t.status} between 0 and 4`),
    check('customer_addresses_type_check', sql`${t.addressType} between 0 and 5`),
  ],
)

/** A document the bank asks a customer for (the product's Document): one category each. */
export const customerDocuments = pgTable(
  'customer_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 40001 }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** Document category 1-12 (schemas/document-category.schema.json). */
    categoryId: smallint('category_id').notNull(),
    /** Document status (schemas/document-status.schema.json); 41 pending until files arrive. */
    statusId: smallint('status_id').notNull().default(41),
    addressId: integer('address_id').references(() => customerAddresses.id),
    isDueDiligence: boolean('is_due_diligence').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('customer_documents_customer_idx').on(t.customerId),
    check('customer_documents_category_check', sql`${t.categoryId} between 1 and 12`),
  ],
)

/** The product's limit reasons: an open request for documents, by restriction reason. */
export const customerLimitReasons = pgTable(
  'customer_limit_reasons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 90001 }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** Restriction reason 1-5 (schemas/kyc-restriction-reason.schema.json). */
    actionTypeId: smallint('action_type_id').notNull(),
    /** The document categories the reason asks for. */
    requiredCategoryIds: jsonb('required_category_ids').$type<number[]>().notNull().default([]),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('customer_limit_reasons_customer_idx').on(t.customerId),
    check('customer_limit_reasons_action_check', sql`${t.actionTypeId} between 1 and 5`),
  ],
)

/**
 * Files customers upload for compliance (identity and address documents, limit documents,
 * company documents, signed tax forms) and the forms the bank produces for them (FATCA/CRS
 * PDFs). The bytes live in the database, outside any web root, so every instance sharing the
 * database serves the same file and an upload is written in the same transaction as the
 * records that point at it (DESIGN.md section 11). A file is read back only through an
 * operation that checks whose it is (src/server/kyc/document-files.ts).
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 120001 }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** What the file is for (StoredFilePurpose in src/server/kyc/document-files.ts). */
    purpose: text('purpose').notNull(),
    /** The name the customer's file had, for display and downloads only. */
    fileName: text('file_name').notNull(),
    /** Detected from the bytes, never taken from the upload's own claim. */
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Hex SHA-256 of the content: the same file uploaded twice is recognisable. */
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('stored_files_customer_idx').on(t.customerId),
    index('stored_files_sha256_idx').on(t.sha256),
    check(
      'stored_files_content_type_check',
      sql`${t.contentType} in ('application/pdf', 'image/jpeg', 'image/png')`,
    ),
    check('stored_files_size_check', sql`${t.sizeBytes} between 1 and 10485760`),
  ],
)

/** One uploaded file, belonging to a document, a limit reason, or both. */
export const uploadedDocuments = pgTable(
  'uploaded_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 50001 }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    documentId: integer('document_id').references(() => customerDocuments.id),
    limitReasonId: integer('limit_reason_id').references(() => customerLimitReasons.id),
    /** A type of the document-type dictionary (src/server/dictionaries/data/document-types.json). */
    documentTypeId: integer('document_type_id').notNull(),
    statusId: smallint('status_id').notNull().default(0),
    /** Back page, stamp page or relationship document of another upload. */
    isSubDocument: boolean('is_sub_document').notNull().default(false),
    /** A sub-document's main file: it takes the main file's review decision. */
    mainUploadId: integer('main_upload_id').references((): AnyPgColumn => uploadedDocuments.id),
    /**
     * The business representative a personal document of a business belongs to (a
     * business_representatives id; no foreign key, since schema-business.ts imports this file).
     */
    representativeId: integer('representative_id'),
    number: text('number'),
    issuedDate: date('issued_date'),
    expiresDate: date('expires_date'),
    createdUsername: text('created_username').notNull(),
    rejectReason: text('reject_reason'),
    fileName: text('file_name'),
    contentType: text('content_type'),
    sizeBytes: integer('size_bytes'),
    /** The file's bytes; null for demo rows recorded without content and while a file is expected. */
    fileId: integer('file_id').references(() => storedFiles.id),
    /** Null while the bank expects a file it does not have yet. */
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('uploaded_documents_customer_idx').on(t.customerId),
    index('uploaded_documents_document_idx').on(t.documentId),
  ],
)

export const customerEmails = pgTable(
  'customer_emails',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 60001 }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** Stored lower-cased. */
    emailAddress: text('email_address').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('customer_emails_address_key').on(t.customerId, t.emailAddress),
    uniqueIndex('customer_emails_primary_key')
      .on(t.customerId)
      .where(sql`${t.isPrimary}`),
  ],
)

export const customerPhones = pgTable(
  'customer_phones',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 70001 }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The calling code without a plus sign (product-spec section 5). */
    countryCode: text('country_code').notNull(),
    number: text('number').notNull(),
    /** Always 2 (section 5). */
    type: smallint('type').notNull().default(2),
    isPrimary: boolean('is_primary').notNull().default(false),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Set when a confirmed replacement took this phone's place; such rows are history. */
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('customer_phones_customer_idx').on(t.customerId),
    uniqueIndex('customer_phones_primary_key')
      .on(t.customerId)
      .where(sql`${t.isPrimary}`),
  ],
)

/** A customer's KYC answers and identity state; one row per customer, absent means defaults. */
export const kycProfiles = pgTable(
  'kyc_profiles',
  {
    customerId: integer('customer_id')
      .primaryKey()
      .references(() => customers.id),
    birthCountryCode: char('birth_country_code', { length: 2 }),
    birthCity: text('birth_city'),
    citizenshipCountryCodes: jsonb('citizenship_country_codes')
      .$type<string[]>()
      .notNull()
      .default([]),
    occupationId: integer('occupation_id'),
    secondOccupationId: integer('second_occupation_id'),
    sourceOfFundsIds: jsonb('source_of_funds_ids').$type<number[]>().notNull().default([]),
    purposeIds: jsonb('purpose_ids').$type<number[]>().notNull().default([]),
    estimatedMonthlyDepositId: integer('estimated_monthly_deposit_id'),
    /** Representatives always see their state as checked (section 4). */
    isRepresentative: boolean('is_representative').notNull().default(false),
    /** 'none', 'flagged' (duplicates found) or 'uploaded' (new documents sent since). */
    duplicateDocuments: text('duplicate_documents').notNull().default('none'),
    videoIdentityJobId: text('video_identity_job_id'),
    videoIdentityStatusId: smallint('video_identity_status_id'),
    videoIdentityCreatedAt: timestamp('video_identity_created_at', { withTimezone: true }),
    /** FATCA/CRS form statuses (schemas/fatca-document-status.schema.json). */
    fatcaSelfCertificationStatus: text('fatca_self_certification_status').notNull().default('none'),
    fatcaW8BenStatus: text('fatca_w8ben_status').notNull().default('none'),
    fatcaW9Status: text('fatca_w9_status').notNull().default('none'),
    fatcaLossOfNationalityStatus: text('fatca_loss_of_nationality_status')
      .notNull()
      .default('notRequired'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'kyc_profiles_duplicate_documents_check',
      sql`${t.duplicateDocuments} in ('none', 'flagged', 'uploaded')`,
    ),
  ],
)

/**
 * Identity-check requests at a provider: jmo or nfd (product-spec section 3), or the built-in
 * provider (builtIn, src/server/adapters/identity/), which keeps its run here as well: the
 * SHA-256 of the page's token, when the link expires, and the two files sent on the page.
 */
export const kycRequests = pgTable(
  'kyc_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 80001 }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    provider: text('provider').notNull(),
    /** created, inProgress, completed, failed or expired. */
    status: text('status').notNull().default('created'),
    workflowRunId: text('workflow_run_id'),
    rejectReason: text('reject_reason'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Hex SHA-256 of the run page's token; the token itself is never stored. */
    tokenHash: text('token_hash'),
    /** The run page's link works until then. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    selfieFileId: integer('selfie_file_id').references(() => storedFiles.id),
    documentFileId: integer('document_file_id').references(() => storedFiles.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('kyc_requests_customer_idx').on(t.customerId, t.createdAt),
    uniqueIndex('kyc_requests_run_key').on(t.provider, t.workflowRunId),
    check('kyc_requests_provider_check', sql`${t.provider} in ('jmo', 'nfd', 'builtIn')`),
    check(
      'kyc_requests_status_check',
      sql`${t.status} in ('created', 'inProgress', 'completed', 'failed', 'expired')`,
    ),
  ],
)
