// Tables of global pay batches (issue 16, product-spec sections 3 and 7 "Global pay batch"): a
// draft made from an uploaded file, edited payment by payment, then submitted. A submitted
// batch's payments become global transfer orders (schema-transfers.ts) in one transaction; the
// money is only ever in those orders and the ledger, never copied here.
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { customers, users } from './schema.ts'
import { ledgerAccounts } from './schema-ledger.ts'
import { transferOrders } from './schema-transfers.ts'

export const globalPayBatches = pgTable(
  'global_pay_batches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 950001 }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    fromAccountId: integer('from_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    batchName: text('batch_name').notNull(),
    /** draft, submitted (waiting for a code or an approver), processing, rejected, cancelled. */
    status: text('status').notNull().default('draft'),
    /** Hex SHA-256 of the uploaded file: an identical upload is answered '92'. */
    fileHash: text('file_hash').notNull(),
    fileName: text('file_name').notNull(),
    /** The submit's route: 'code' (globalPayBatchApprove), 'approver' or 'none'. */
    route: text('route'),
    submitKey: text('submit_key'),
    submitResult: jsonb('submit_result').$type<Record<string, unknown>>(),
    approveKey: text('approve_key'),
    approveResult: jsonb('approve_result').$type<Record<string, unknown>>(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('global_pay_batches_customer_idx').on(t.customerId, t.fileHash),
    check(
      'global_pay_batches_status_check',
      sql`${t.status} in ('draft', 'submitted', 'processing', 'rejected', 'cancelled')`,
    ),
  ],
)

/** One payment of a batch; orderId is set when the submitted batch made it an order. */
export const globalPayBatchPayments = pgTable(
  'global_pay_batch_payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 960001 }),
    batchId: integer('batch_id')
      .notNull()
      .references(() => globalPayBatches.id),
    /** The line of the uploaded file (1-based, header included); null when added later. */
    lineNumber: integer('line_number'),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    description: text('description'),
    beneficiaryType: text('beneficiary_type'),
    beneficiaryName: text('beneficiary_name').notNull(),
    beneficiaryEmail: text('beneficiary_email').notNull(),
    countryCode: char('country_code', { length: 2 }).notNull(),
    /** sender or beneficiary (who pays the fee). */
    feeShare: text('fee_share').notNull().default('sender'),
    method: text('method'),
    paymentData: jsonb('payment_data').$type<Record<string, string>>().notNull().default({}),
    /** The methods the beneficiary may not choose. */
    forbiddenMethods: jsonb('forbidden_methods').$type<string[]>().notNull().default([]),
    removed: boolean('removed').notNull().default(false),
    orderId: integer('order_id').references(() => transferOrders.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('global_pay_batch_payments_batch_idx').on(t.batchId),
    check('global_pay_batch_payments_fee_check', sql`${t.feeShare} in ('sender', 'beneficiary')`),
  ],
)
