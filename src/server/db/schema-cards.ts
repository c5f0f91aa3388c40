// The cards area (issue 17): what the card issuer keeps of each card beside its ledger account
// (ledger_accounts holds the product, status, expiry, alias and settlement account), and the
// PIN reveals waiting for their approval. The card number and the PIN are sealed
// (secrets/sealed-secret.ts, bound to the card), never stored or logged in the clear.
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { customers, users } from './schema.ts'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

export const cardRecords = pgTable(
  'card_records',
  {
    /** The card's ledger account. */
    accountId: integer('account_id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The issuer that keeps the card ('built-in' unless a deployment configures another). */
    issuer: text('issuer').notNull().default('built-in'),
    /** The first six and last four digits, the rest masked (product-spec section 5). */
    maskedNumber: text('masked_number').notNull(),
    numberSealed: text('number_sealed').notNull(),
    pinSealed: text('pin_sealed').notNull(),
    /** The shipping option of a physical card (the issuer's list), and whether it is express. */
    shippingId: integer('shipping_id'),
    expressShipping: boolean('express_shipping').notNull().default(false),
    /** The payment account the application's fees are taken from. */
    feeAccountId: integer('fee_account_id').notNull(),
    /** The fees quoted at application, in minor units of the card's currency. */
    applicationFeeMinor: bigint('application_fee_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    applicationKey: text('application_key').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /**
     * The idempotency key of the last charged change (the confirmation, a reissue, a shipping
     * upgrade): a retry with it answers the first result.
     */
    lastChangeKey: text('last_change_key'),
    /** Set when the card was activated and its PIN handed over. */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** The idempotency key of the activation: a retry with it gets the same answer. */
    activateKey: text('activate_key'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('card_records_application_key').on(t.customerId, t.applicationKey),
    index('card_records_customer_idx').on(t.customerId),
  ],
)

/** A cardPinShow waiting for its approval; cardPinGet spends it (bound to one card). */
export const cardPinReveals = pgTable(
  'card_pin_reveals',
  {
    /** SHA-256 of the operation id the client holds. */
    id: text('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    accountId: integer('account_id').notNull(),
    approveType: smallint('approve_type').notNull(),
    /** 'sms', 'email' or 'authenticator' (the code is the app's current one). */
    channel: text('channel').notNull(),
    /** Salted SHA-256 of the code bound to the card; empty for the authenticator. */
    codeHash: text('code_hash').notNull(),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('card_pin_reveals_account_idx').on(t.accountId)],
)
