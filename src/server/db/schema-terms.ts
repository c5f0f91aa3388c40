// Tables of the legal terms a customer must accept (product-spec section 3, Brand config:
// terms; section 8: "A terms error on customer info shows the pending terms list"). Each brand
// publishes versions of each kind of document (terms of use, privacy policy); a customer
// accepts a version once. drizzle-kit reads this file with schema.ts (drizzle.config.ts).
import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core'
import { customers, users } from './schema.ts'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/**
 * One version of one kind of legal document of a brand. The newest version of a kind in effect
 * is the one a customer must have accepted; signing up accepts the versions in effect then
 * (the registration form shows the brand's terms), so only versions that took effect after the
 * customer was created can be pending (docs/decisions.md, "Post-login routing data").
 */
export const legalTerms = pgTable(
  'legal_terms',
  {
    /** The id a TE answer and termsAccept use (CustomerTerm.id). */
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 1 }),
    /** A brand id of brands/ (main, bank, payments, lt-a, lt-b, uk). */
    brandId: text('brand_id').notNull(),
    /** The kind of document, as the brand's terms entries name it (termsOfUse, privacyPolicy). */
    key: text('key').notNull(),
    version: integer('version').notNull(),
    label: text('label').notNull(),
    /** The sentence the customer agrees to ("I have read and accept ..."). */
    text: text('text'),
    url: text('url'),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('legal_terms_version_unique').on(t.brandId, t.key, t.version),
    index('legal_terms_brand_idx').on(t.brandId, t.effectiveFrom),
    check('legal_terms_version_check', sql`${t.version} >= 1`),
  ],
)

/** A customer's acceptance of one version, with who accepted it and from where. */
export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    termId: integer('term_id')
      .notNull()
      .references(() => legalTerms.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    ip: text('ip').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.termId] })],
)

/**
 * The brand whose terms bind a customer. Registration does not record it yet (RPC calls carry
 * no brand), so a customer without a row belongs to the default brand, main.
 */
export const customerBrands = pgTable('customer_brands', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id),
  brandId: text('brand_id').notNull(),
  createdAt: createdAt(),
})
