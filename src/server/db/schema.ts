// The database schema, shared by PGlite and PostgreSQL; migrations are generated from it by
// drizzle-kit (`npm run db:generate`) and applied at start. Only src/server/ledger/ writes
// the ledger_* tables (DESIGN.md section 3).
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
} from 'drizzle-orm/pg-core'

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

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 10000001 }),
    /** Null for house accounts (fee income, FX position, clearing). */
    customerId: integer('customer_id').references(() => customers.id),
    /** 'customer', 'fee_income', 'fx_position' or 'clearing:<rail>'. */
    purpose: text('purpose').notNull().default('customer'),
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    /** 1001 payment, 4001 prepayment, 4002 receiving, 2006-2135 card products. */
    type: integer('type').notNull(),
    subType: text('sub_type'),
    statusId: integer('status_id').notNull().default(2),
    balanceMinMinor: bigint('balance_min_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    settlementAccountId: integer('settlement_account_id'),
    cardIsVirtual: boolean('card_is_virtual'),
    cardExpiryMonth: smallint('card_expiry_month'),
    cardExpiryYear: smallint('card_expiry_year'),
    cardReissuedStatusId: integer('card_reissued_status_id'),
    cardAliasName: text('card_alias_name'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_accounts_customer_idx').on(t.customerId),
    uniqueIndex('ledger_accounts_house_key')
      .on(t.purpose, t.currencyCode)
      .where(sql`${t.customerId} is null`),
  ],
)

export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** A retry with the same key returns the first result (DESIGN.md section 6). */
    idempotencyKey: text('idempotency_key').notNull(),
    /** Hash of the request that used the key; a retry with other parameters is refused. */
    requestHash: text('request_hash').notNull(),
    kind: text('kind').notNull(),
    /** 'posted' counts in balances; 'pending' is a hold; 'voided' counts nowhere. */
    status: text('status').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_transfers_idempotency_key').on(t.idempotencyKey),
    check('ledger_transfers_status_check', sql`${t.status} in ('posted', 'pending', 'voided')`),
  ],
)

export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    transferId: bigint('transfer_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerTransfers.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    /** Signed minor units: credit to the account is positive, debit negative. */
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    index('ledger_postings_account_idx').on(t.accountId),
    index('ledger_postings_transfer_idx').on(t.transferId),
  ],
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
