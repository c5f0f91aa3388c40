// Tables of the security settings (product-spec sections 6 and 7, Security settings): IP
// whitelist and its mode, payout blacklist, notification preferences, the codes that confirm a
// password or two-step change and company access (who may act for a business, with which
// right). drizzle-kit reads every schema*.ts file (drizzle.config.ts).
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core'
import { customers, users } from './schema.ts'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** Per-customer security switches; no row means every default. */
export const securitySettings = pgTable('security_settings', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id),
  /** Sign-in limited to the whitelisted addresses; stored here, enforced by the sign-in issue. */
  ipWhitelistEnabled: boolean('ip_whitelist_enabled').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** One address or one range; a single address has ip_to equal to ip_from. */
export const ipWhitelistEntries = pgTable(
  'ip_whitelist_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 210001 }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** 4 or 6. */
    family: smallint('family').notNull(),
    /** Normalised text (src/server/security/ip-address.ts): dotted IPv4, RFC 5952 IPv6. */
    ipFrom: text('ip_from').notNull(),
    ipTo: text('ip_to').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('ip_whitelist_entries_range_key').on(t.customerId, t.ipFrom, t.ipTo),
    check('ip_whitelist_entries_family_check', sql`${t.family} in (4, 6)`),
  ],
)

/** Payees a customer refuses to pay out to, by e-mail and block type. */
export const payoutBlacklist = pgTable(
  'payout_blacklist',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 220001 }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    blockType: integer('block_type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('payout_blacklist_entry_key').on(t.customerId, t.email, t.blockType)],
)

/** A customer's choice for one notification of the catalogue; absent means its default. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    identified: text('identified').notNull(),
    value: boolean('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.identified] })],
)

/**
 * A change waiting for its code: a password change or a two-step mode change. The request
 * key is the id the client holds; only its hash is stored, and the code is stored hashed
 * with the key, so a copy of this table reveals neither.
 */
export const securityConfirmations = pgTable(
  'security_confirmations',
  {
    /** SHA-256 of the request key. */
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** SHA-256 of "<request key>:<code>". */
    codeHash: text('code_hash').notNull(),
    /** What the confirmation applies: the new password's hash, or the mode and its type. */
    payload: jsonb('payload').$type<Record<string, string>>().notNull(),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Set by too many wrong codes, or by a newer request of the same kind. */
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('security_confirmations_user_idx').on(t.userId, t.kind),
    check('security_confirmations_kind_check', sql`${t.kind} in ('passwordChange', 'twoStepMode')`),
  ],
)

/**
 * Users who may act for a company besides the company's own sign-in, with their access right
 * (product-spec section 4: 0 no access to 5 uploading) and representative positions.
 */
export const companyUsers = pgTable(
  'company_users',
  {
    companyCustomerId: integer('company_customer_id')
      .notNull()
      .references(() => customers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    accessRight: smallint('access_right').notNull(),
    /** Representative positions: 2 director, 6 and 9 shareholder, 8 ultimate owner. */
    positionIds: jsonb('position_ids').$type<number[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyCustomerId, t.userId] }),
    index('company_users_user_idx').on(t.userId),
    check('company_users_access_right_check', sql`${t.accessRight} between 0 and 5`),
  ],
)

/**
 * Personal users known to a company (a director or owner named at registration, say) who
 * have no access yet; representative add turns one into a company user.
 */
export const companyPotentialUsers = pgTable(
  'company_potential_users',
  {
    companyCustomerId: integer('company_customer_id')
      .notNull()
      .references(() => customers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    positionIds: jsonb('position_ids').$type<number[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyCustomerId, t.userId] })],
)
