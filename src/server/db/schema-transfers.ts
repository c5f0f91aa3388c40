// Tables of money movement (issue 6): transfer orders (what a customer asked for, with its
// idempotency key and answer), approval codes, the business approval queue (orders waiting
// for an approver), recurring subscriptions, P2P money held for an e-mail that is not a
// customer yet, payment instructions and crypto wallets. The money itself is in the ledger's
// tables (schema-ledger.ts).
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
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { customers, users } from './schema.ts'
import { ledgerAccounts } from './schema-ledger.ts'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/**
 * A submit refused once it had started (funds, limits, the ledger's rules): its answer kept
 * under the request's idempotency key, so a retry of that request answers the same refusal
 * and never moves money later (issue 15, the chaos run). Nothing else of the request is kept.
 */
export const refusedOrders = pgTable(
  'refused_orders',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** The refusal as it was answered: the HTTP status and the body. */
    outcome: jsonb('outcome').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.idempotencyKey] })],
)

/**
 * A customer's request to move money (between own accounts or P2P), the unit of approval
 * and of idempotency: (customer, idempotency key) answers the first result on a retry.
 */
export const transferOrders = pgTable(
  'transfer_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 700001 }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    /** 'betweenAccounts', 'p2p' or an external kind (wire, eft, oct, crypto_eft, ...). */
    kind: text('kind').notNull(),
    /**
     * completed; awaitingCode (approval type 1-4); awaitingApprover (business queue);
     * heldForClaim (P2P to an e-mail that is no customer yet); declined; expired; failed;
     * external orders: pending (handed to the rail, hold in place), settled, returned.
     */
    status: text('status').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    fromAccountId: integer('from_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    toAccountId: integer('to_account_id').references(() => ledgerAccounts.id),
    toEmail: text('to_email'),
    toCustomerId: integer('to_customer_id').references(() => customers.id),
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    /** Debited from the source account, fee excluded. */
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    toCurrencyCode: char('to_currency_code', { length: 3 }).notNull(),
    toAmountMinor: bigint('to_amount_minor', { mode: 'bigint' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'bigint' }).notNull(),
    rate: text('rate').notNull().default('1'),
    /** The P2P extras of product-spec section 7 (note, reference, coupon, template, invoice). */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    approveType: smallint('approve_type').notNull().default(0),
    /** The ledger transfer: a hold while waiting, posted when done, voided when refused. */
    ledgerTransferId: bigint('ledger_transfer_id', { mode: 'bigint' }),
    subscriptionId: integer('subscription_id'),
    /** The answer given to the request, replayed on a retry with the same key. */
    result: jsonb('result').$type<Record<string, unknown>>(),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('transfer_orders_idempotency_key').on(t.customerId, t.idempotencyKey),
    index('transfer_orders_customer_idx').on(t.customerId, t.createdAt),
    index('transfer_orders_status_idx').on(t.customerId, t.status),
    check(
      'transfer_orders_status_check',
      sql`${t.status} in ('completed', 'awaitingCode', 'awaitingApprover', 'heldForClaim', 'declined', 'expired', 'failed', 'pending', 'settled', 'returned')`,
    ),
  ],
)

/**
 * A code that approves orders: one transfer (transferApprove) or an approver's decision on
 * several (businessTransactionConfirm). The code is stored hashed together with what it was
 * issued for (amount, currency and payee of each order), so any change invalidates it.
 */
export const transferApprovalCodes = pgTable(
  'transfer_approval_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 810001 }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 'transfer' or 'businessDecision'. */
    purpose: text('purpose').notNull(),
    orderIds: jsonb('order_ids').$type<number[]>().notNull(),
    declined: boolean('declined').notNull().default(false),
    approveType: smallint('approve_type').notNull(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    /** SHA-256 of the code with the binding of the orders it approves. */
    codeHash: text('code_hash').notNull(),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** A newer code for the same orders, or too many wrong codes. */
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** The answer of the confirming call, replayed on a retry with the same key. */
    idempotencyKey: text('idempotency_key'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('transfer_approval_codes_customer_idx').on(t.customerId, t.purpose)],
)

/** A recurring transfer (product-spec section 3: subscription fields); its runs are jobs. */
export const transferSubscriptions = pgTable(
  'transfer_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 610001 }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    fromAccountId: integer('from_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    toAccountId: integer('to_account_id').references(() => ledgerAccounts.id),
    toEmail: text('to_email'),
    /** The request of the first run, repeated by every later run. */
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    frequency: text('frequency').notNull(),
    endDate: date('end_date'),
    /** How many runs in all; null means until the end date or cancellation. */
    runsTotal: integer('runs_total'),
    runsDone: integer('runs_done').notNull().default(0),
    userCanCancel: boolean('user_can_cancel').notNull().default(true),
    /** active, finished, canceled, or suspended (after the last retry for lack of funds). */
    status: text('status').notNull().default('active'),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    failedRunsInARow: smallint('failed_runs_in_a_row').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('transfer_subscriptions_customer_idx').on(t.customerId),
    check(
      'transfer_subscriptions_status_check',
      sql`${t.status} in ('active', 'finished', 'canceled', 'suspended')`,
    ),
  ],
)

/** P2P money sent to an e-mail with no customer: held until claimed or expired. */
export const p2pClaims = pgTable(
  'p2p_claims',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 620001 }),
    orderId: integer('order_id')
      .notNull()
      .references(() => transferOrders.id),
    email: text('email').notNull(),
    /** SHA-256 of the claim token sent in the e-mail. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('p2p_claims_order_key').on(t.orderId),
    index('p2p_claims_email_idx').on(t.email),
  ],
)

/** How to pay into an account from outside (product-spec section 3, Payment instruction). */
export const paymentInstructions = pgTable(
  'payment_instructions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 630001 }),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    bankAccountNumber: text('bank_account_number').notNull(),
    beneficiaryName: text('beneficiary_name').notNull(),
    bankName: text('bank_name').notNull(),
    bankAddress: text('bank_address').notNull(),
    swift: text('swift').notNull(),
    reference: text('reference').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_instructions_account_key').on(t.accountId)],
)

export const paymentInstructionViews = pgTable(
  'payment_instruction_views',
  {
    instructionId: integer('instruction_id')
      .notNull()
      .references(() => paymentInstructions.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.instructionId, t.userId] })],
)

/** A crypto deposit address that pays into a customer account (walletCreate). */
export const cryptoWallets = pgTable(
  'crypto_wallets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 640001 }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    address: text('address').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('crypto_wallets_address_key').on(t.address),
    uniqueIndex('crypto_wallets_account_currency_key').on(t.accountId, t.currencyCode),
  ],
)

/**
 * A global payment (issue 16): money sent to an e-mail, held in clearing:global until the
 * recipient, who opens /receive/<secret>, says how to be paid (one withdrawal at a time, its
 * code sent to the e-mail) or refuses it. The secret is kept hashed (SHA-256).
 */
export const globalPayments = pgTable(
  'global_payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 940001 }),
    orderId: integer('order_id')
      .notNull()
      .references(() => transferOrders.id),
    email: text('email').notNull(),
    beneficiaryName: text('beneficiary_name').notNull(),
    secretHash: text('secret_hash').notNull(),
    countryCode: char('country_code', { length: 2 }),
    feeIsBen: boolean('fee_is_ben').notNull().default(false),
    /** waiting, submitted (a withdrawal waits for its code), paying, paid, refused, expired. */
    status: text('status').notNull().default('waiting'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The withdrawal the recipient submitted: method, currency, country and fields. */
    withdrawal: jsonb('withdrawal').$type<Record<string, unknown>>(),
    operationId: text('operation_id'),
    codeHash: text('code_hash'),
    codeAttempts: smallint('code_attempts').notNull().default(0),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    submitKey: text('submit_key'),
    submitResult: jsonb('submit_result').$type<Record<string, unknown>>(),
    approveKey: text('approve_key'),
    approveResult: jsonb('approve_result').$type<Record<string, unknown>>(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('global_payments_order_key').on(t.orderId),
    uniqueIndex('global_payments_secret_key').on(t.secretHash),
    check(
      'global_payments_status_check',
      sql`${t.status} in ('waiting', 'submitted', 'paying', 'paid', 'refused', 'expired', 'returned')`,
    ),
  ],
)
