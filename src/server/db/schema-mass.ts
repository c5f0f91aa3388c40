// Tables of mass (batch) transfers (product-spec sections 3, 6 and 7): the uploaded file or
// pasted text with the customer's idempotency key and the answer given, and one row per payment
// linking the line of the file to the transfer order it became. The money itself is in the
// orders and the ledger; nothing here is a copy of a balance.
import { sql } from 'drizzle-orm'
import {
  bigint,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { bytea } from './bytea.ts'
import { customers, users } from './schema.ts'
import { ledgerAccounts } from './schema-ledger.ts'
import { transferOrders } from './schema-transfers.ts'

/**
 * One mass transfer: what was uploaded (kept so that batchTransferFileView can give it back)
 * and the answer, replayed on a retry with the same (customer, idempotency key).
 */
export const massBatches = pgTable(
  'mass_batches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 910001 }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    /** p2p, wire, eft, creditCard (oct), cryptoEft, instantPayment or interac. */
    type: text('type').notNull(),
    /** 'file' (an upload) or 'text' (pasted lines). */
    source: text('source').notNull(),
    fromAccountId: integer('from_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    content: bytea('content').notNull(),
    rowCount: integer('row_count').notNull(),
    /** Sum of the payments, fees excluded, in the source currency. */
    totalMinor: bigint('total_minor', { mode: 'bigint' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'bigint' }).notNull(),
    /** The answer given to the request. */
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mass_batches_idempotency_key').on(t.customerId, t.idempotencyKey),
    index('mass_batches_customer_idx').on(t.customerId, t.createdAt),
    check('mass_batches_source_check', sql`${t.source} in ('file', 'text')`),
  ],
)

/** A payment of a batch: its line in the file and the order it became. */
export const massBatchRows = pgTable(
  'mass_batch_rows',
  {
    batchId: integer('batch_id')
      .notNull()
      .references(() => massBatches.id),
    /** The 1-based line of the file or text the payment was read from. */
    lineNumber: integer('line_number').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => transferOrders.id),
    /** The payee as the line named it (an e-mail, an account or an address). */
    payee: text('payee').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'bigint' }).notNull(),
    /** The answer of the row's submit (transactionId, approveType, description). */
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.lineNumber] }),
    uniqueIndex('mass_batch_rows_order_key').on(t.orderId),
  ],
)
