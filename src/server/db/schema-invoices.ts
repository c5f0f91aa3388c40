// The invoices area (issue 16; product-spec section 3, Invoice): a payee asks a payer, named by
// e-mail (a customer or not yet one), for an amount in a currency the payee holds an account
// in. A funding invoice is one to oneself that carries the account's bank-wire details and a
// PDF. The status ids are schemas/invoice-status-id.schema.json; the transfer that pays an
// invoice is a P2P order carrying its id (transfers/p2p-transfer-submit.ts), written in the
// same transaction as the status change (invoices/invoice-payment.ts).
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { customers, storedFiles, users } from './schema.ts'
import { transferOrders } from './schema-transfers.ts'

export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 160001 }),
    /** The customer who asks to be paid, and the account that receives. */
    payeeCustomerId: integer('payee_customer_id')
      .notNull()
      .references(() => customers.id),
    payeeAccountId: integer('payee_account_id').notNull(),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    /** The payer's e-mail, lower-cased; the customer once one is known to hold it. */
    payerEmail: text('payer_email').notNull(),
    payerCustomerId: integer('payer_customer_id').references(() => customers.id),
    /** The account the payer paid from, once a payment was made. */
    payerAccountId: integer('payer_account_id'),
    currencyCode: text('currency_code').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    noteBody: text('note_body'),
    dueDate: date('due_date'),
    /** 1 unpaid, 2 payment pending, 3 paid, 4 rejected (expired is an unpaid one past due). */
    statusId: smallint('status_id').notNull().default(1),
    rejectNote: text('reject_note'),
    isFunding: boolean('is_funding').notNull().default(false),
    isSystem: boolean('is_system').notNull().default(false),
    /** The P2P order that paid it, or whose payment waits for approval. */
    orderId: integer('order_id').references(() => transferOrders.id),
    /** A funding invoice's PDF, in the payee's stored files. */
    pdfFileId: integer('pdf_file_id').references(() => storedFiles.id),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoices_payee_idx').on(t.payeeCustomerId, t.sentAt),
    index('invoices_payer_customer_idx').on(t.payerCustomerId, t.sentAt),
    index('invoices_payer_email_idx').on(t.payerEmail),
    check('invoices_status_check', sql`${t.statusId} between 1 and 4`),
    check('invoices_amount_check', sql`${t.amountMinor} > 0`),
  ],
)
