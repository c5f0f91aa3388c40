// Tables of the merchant tools (product-spec section 3, Merchant; section 7, Merchant
// operations): logos, saved payment buttons, PBN and IPN settings with their sealed signing
// keys, identity verifications, reputation entries, subscribers and their installments, and
// IPN messages. Every row belongs to one merchant (customer_id); handlers filter by the acting
// customer. Only src/server/merchant/ writes these tables.
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { bytea } from './bytea.ts'
import { customers } from './schema.ts'
import { ledgerAccounts, ledgerTransfers } from './schema-ledger.ts'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
const merchantId = () =>
  integer('customer_id')
    .notNull()
    .references(() => customers.id)

/**
 * Business logos. The image lives in the row (bytea), so every instance sharing the database
 * sees it and nothing sits in a web root (DESIGN.md section 11). The partial unique index keeps
 * at most one default per merchant; the handlers keep at least one while any logo exists.
 */
export const merchantLogos = pgTable(
  'merchant_logos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 110001 }),
    customerId: merchantId(),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** Detected from the bytes, never taken from the upload's own claim. */
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    content: bytea('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('merchant_logos_customer_idx').on(t.customerId),
    uniqueIndex('merchant_logos_default_key')
      .on(t.customerId)
      .where(sql`${t.isDefault}`),
    check(
      'merchant_logos_content_type_check',
      sql`${t.contentType} in ('image/png', 'image/jpeg', 'image/svg+xml')`,
    ),
    check('merchant_logos_size_check', sql`${t.sizeBytes} between 1 and 2097152`),
  ],
)

export const merchantPaymentButtons = pgTable(
  'merchant_payment_buttons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 120001 }),
    customerId: merchantId(),
    name: text('name').notNull(),
    /** The merchant's account that receives the payments. */
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    itemName: text('item_name'),
    itemNumber: text('item_number'),
    /** The price in the account's currency; null lets the payer choose. */
    amountMinor: bigint('amount_minor', { mode: 'bigint' }),
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    logoId: integer('logo_id').references(() => merchantLogos.id, { onDelete: 'set null' }),
    returnUrl: text('return_url'),
    cancelUrl: text('cancel_url'),
    notifyUrl: text('notify_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('merchant_payment_buttons_customer_idx').on(t.customerId),
    check('merchant_payment_buttons_amount_check', sql`${t.amountMinor} > 0`),
  ],
)

/**
 * PBN settings, one row per merchant. The signing key is sealed (AES-256-GCM, see
 * src/server/merchant/merchant-secrets.ts): notifications are signed with it, so the server
 * needs it back; secret_hint is what later reads show.
 */
export const merchantPbnSettings = pgTable('merchant_pbn_settings', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id),
  notifyUrl: text('notify_url'),
  enabled: boolean('enabled').notNull().default(false),
  secretSealed: text('secret_sealed'),
  secretHint: text('secret_hint'),
  updatedAt: updatedAt(),
})

/** IPN settings, one row per merchant; absent means the defaults of section 9 (ids 1). */
export const merchantIpnSettings = pgTable('merchant_ipn_settings', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id),
  notifyUrl: text('notify_url'),
  /** The payment status that triggers a notification. */
  notifyStatusId: integer('notify_status_id').notNull().default(1),
  /** The status of the settings themselves, 1 by default (section 9 names no others). */
  statusId: integer('status_id').notNull().default(1),
  secretSealed: text('secret_sealed'),
  secretHint: text('secret_hint'),
  updatedAt: updatedAt(),
})

/** Identity verifications a merchant requested, with the fee charged through the ledger. */
export const merchantIdentityVerifications = pgTable(
  'merchant_identity_verifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 130001 }),
    customerId: merchantId(),
    /** The request's key: a retry with it answers this row instead of charging again. */
    idempotencyKey: text('idempotency_key').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    note: text('note'),
    status: text('status').notNull().default('pending'),
    feeMinor: bigint('fee_minor', { mode: 'bigint' }).notNull(),
    feeCurrencyCode: char('fee_currency_code', { length: 3 }).notNull(),
    feeTransferId: bigint('fee_transfer_id', { mode: 'bigint' }).references(
      () => ledgerTransfers.id,
    ),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('merchant_identity_verifications_customer_idx').on(t.customerId, t.createdAt),
    uniqueIndex('merchant_identity_verifications_key').on(t.customerId, t.idempotencyKey),
    check(
      'merchant_identity_verifications_status_check',
      sql`${t.status} in ('pending', 'completed', 'failed', 'expired')`,
    ),
  ],
)

/**
 * What a merchant may know about the payers who dealt with it, one row per merchant and
 * payer e-mail: the payer's standing at the bank and the counts with this merchant.
 */
export const merchantReputationEntries = pgTable(
  'merchant_reputation_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 140001 }),
    customerId: merchantId(),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    type: text('type').notNull().default('reputation'),
    verified: boolean('verified').notNull().default(false),
    limited: boolean('limited').notNull().default(false),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    transactionCount: integer('transaction_count').notNull().default(0),
    refundCount: integer('refund_count').notNull().default(0),
    chargebackCount: integer('chargeback_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('merchant_reputation_entries_email_key').on(t.customerId, t.email)],
)

export const merchantSubscribers = pgTable(
  'merchant_subscribers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 150001 }),
    customerId: merchantId(),
    email: text('email').notNull(),
    name: text('name'),
    buttonId: integer('button_id').references(() => merchantPaymentButtons.id, {
      onDelete: 'set null',
    }),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    frequency: text('frequency').notNull(),
    status: text('status').notNull().default('active'),
    startDate: date('start_date').notNull(),
    nextPaymentDate: date('next_payment_date'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('merchant_subscribers_customer_idx').on(t.customerId, t.id),
    check('merchant_subscribers_status_check', sql`${t.status} in ('active', 'cancelled')`),
    check(
      'merchant_subscribers_frequency_check',
      sql`${t.frequency} in ('daily', 'weekly', 'monthly')`,
    ),
  ],
)

export const merchantInstallments = pgTable(
  'merchant_installments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 160001 }),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => merchantSubscribers.id),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    status: text('status').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('merchant_installments_subscriber_idx').on(t.subscriberId, t.paidAt),
    check('merchant_installments_status_check', sql`${t.status} in ('paid', 'failed')`),
  ],
)

export const merchantIpnMessages = pgTable(
  'merchant_ipn_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 170001 }),
    customerId: merchantId(),
    transactionId: integer('transaction_id'),
    notifyUrl: text('notify_url').notNull(),
    /** The status of the payment the message reports. */
    statusId: integer('status_id').notNull(),
    attempts: integer('attempts').notNull().default(0),
    httpStatus: integer('http_status'),
    /** The JSON body posted to notifyUrl, as sent. */
    payload: text('payload').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('merchant_ipn_messages_customer_idx').on(t.customerId, t.createdAt)],
)
