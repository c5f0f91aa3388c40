// FATCA/CRS self-certifications (product-spec section 3, FATCA/CRS certification; section 6,
// representative FATCA/CRS): one row per personal or business customer, and one per business
// representative, holding the answers as last saved and the forms they produced. A customer's
// form statuses stay in kyc_profiles, where post-login routing and the required actions read
// them (src/server/customer/fatca-action.ts); a representative has no profile of their own,
// so theirs are on the row. drizzle-kit reads this file with schema.ts.
import { sql } from 'drizzle-orm'
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { customers, storedFiles, users } from './schema.ts'
import { businessRepresentatives } from './schema-business.ts'

const statusCheck = (column: string) =>
  sql.raw(
    `${column} is null or ${column} in ('validated', 'pending', 'none', 'notRequired', 'rejected', 'expiredSoon')`,
  )

export const fatcaCertifications = pgTable(
  'fatca_certifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 140001 }),
    /** The customer certifying, or the business a representative belongs to. */
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** Set for a representative's own certification. */
    representativeId: integer('representative_id').references(() => businessRepresentatives.id),
    /** 'personal', 'business' or 'representative'. */
    kind: text('kind').notNull(),
    /** The answers as saved, in the request's shape (src/server/kyc/fatca-answers.ts). */
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    /** The forms as produced or signed (stored_files); null where none is needed. */
    selfCertificationFileId: integer('self_certification_file_id').references(() => storedFiles.id),
    w8BenFileId: integer('w8ben_file_id').references(() => storedFiles.id),
    w9FileId: integer('w9_file_id').references(() => storedFiles.id),
    lossOfNationalityFileId: integer('loss_of_nationality_file_id').references(
      () => storedFiles.id,
    ),
    lossOfNationalityIssuedOn: date('loss_of_nationality_issued_on'),
    /** A representative's form statuses; null on a customer's row (kyc_profiles has them). */
    selfCertificationStatus: text('self_certification_status'),
    w8BenStatus: text('w8ben_status'),
    w9Status: text('w9_status'),
    lossOfNationalityStatus: text('loss_of_nationality_status'),
    /** Who saved the answers last, from where: the declaration the forms print. */
    declaredByUserId: integer('declared_by_user_id')
      .notNull()
      .references(() => users.id),
    declaredIp: text('declared_ip').notNull(),
    declaredAt: timestamp('declared_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fatca_certifications_customer_key')
      .on(t.customerId)
      .where(sql`${t.representativeId} is null`),
    uniqueIndex('fatca_certifications_representative_key')
      .on(t.representativeId)
      .where(sql`${t.representativeId} is not null`),
    check(
      'fatca_certifications_kind_check',
      sql`${t.kind} in ('personal', 'business', 'representative') and (${t.kind} = 'representative') = (${t.representativeId} is not null)`,
    ),
    check('fatca_certifications_self_status_check', statusCheck('self_certification_status')),
    check('fatca_certifications_w8ben_status_check', statusCheck('w8ben_status')),
    check('fatca_certifications_w9_status_check', statusCheck('w9_status')),
    check('fatca_certifications_lon_status_check', statusCheck('loss_of_nationality_status')),
  ],
)

/**
 * The bank's decisions on FATCA/CRS forms (adminFatcaFormDecide): which form of which
 * certification, validated or rejected, why, by which administrator and when. The lapse of a
 * validated W-8BEN is no decision and is not recorded here.
 */
export const fatcaDecisions = pgTable(
  'fatca_decisions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 150001 }),
    certificationId: integer('certification_id')
      .notNull()
      .references(() => fatcaCertifications.id),
    /** 'selfCertification', 'w8Ben', 'w9' or 'lossOfNationality'. */
    form: text('form').notNull(),
    /** 'validated' or 'rejected'. */
    action: text('action').notNull(),
    reason: text('reason'),
    decidedBy: integer('decided_by')
      .notNull()
      .references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('fatca_decisions_certification_idx').on(t.certificationId),
    check(
      'fatca_decisions_form_check',
      sql`${t.form} in ('selfCertification', 'w8Ben', 'w9', 'lossOfNationality')`,
    ),
    check('fatca_decisions_action_check', sql`${t.action} in ('validated', 'rejected')`),
  ],
)
