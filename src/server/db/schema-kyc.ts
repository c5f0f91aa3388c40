// The administrator's review of uploaded documents (product-spec section 6: admins review,
// reassign, link or remove a customer's uploaded documents; section 4, Document status): every
// action is recorded with who took it and when. drizzle-kit reads this file with schema.ts.
import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { customers, uploadedDocuments, users } from './schema.ts'

/**
 * One administrator action on one uploaded file: confirmed or rejected (adminDocumentDecide),
 * reassigned (adminDocumentAssign, with what changed) or removed (adminDocumentRemove). Rows
 * are only ever added: the review history of a file is its rows, oldest first.
 */
export const documentDecisions = pgTable(
  'document_decisions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 130001 }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    uploadedDocumentId: integer('uploaded_document_id')
      .notNull()
      .references(() => uploadedDocuments.id),
    action: text('action').notNull(),
    /** The reject reason the customer is shown. */
    reason: text('reason'),
    /** What a reassignment changed: the targets before and after. */
    details: jsonb('details').$type<Record<string, unknown>>(),
    /** The administrator's user. */
    decidedBy: integer('decided_by')
      .notNull()
      .references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('document_decisions_upload_idx').on(t.uploadedDocumentId),
    index('document_decisions_customer_idx').on(t.customerId),
    check(
      'document_decisions_action_check',
      sql`${t.action} in ('confirmed', 'rejected', 'reassigned', 'removed')`,
    ),
  ],
)
