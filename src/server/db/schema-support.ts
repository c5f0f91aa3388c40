// The built-in help desk (product-spec sections 3, 4 and 7; src/server/adapters/help-desk/):
// tickets, their threads and attachments in our own database, so the message centre works on
// one machine. A ticket belongs to one customer; every user acting for that customer sees the
// same tickets. An attachment's bytes are a stored file (stored_files) of the customer.
import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { customers, storedFiles } from './schema.ts'

/** The help-desk contact of a customer, made on first use (support login, section 4). */
export const supportContacts = pgTable('support_contacts', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id),
  id: text('id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export const supportTickets = pgTable(
  'support_tickets',
  {
    id: text('id').primaryKey(),
    /** What the customer reads and quotes. */
    ticketNumber: integer('ticket_number')
      .notNull()
      .unique()
      .generatedAlwaysAsIdentity({ startWith: 190001 }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    subject: text('subject').notNull(),
    /** The new-ticket form's other fields (ticketsFields), by apiName. */
    fields: jsonb('fields').$type<Record<string, string>>().notNull().default({}),
    /** The help desk's own status (schemas/support-ticket-status.schema.json). */
    status: text('status').notNull().default('Open'),
    /** cf_customer_read_at: when the customer last opened it; null when never. */
    customerReadAt: timestamp('customer_read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_tickets_customer_idx').on(t.customerId, t.updatedAt),
    check(
      'support_tickets_status_check',
      sql`${t.status} in ('Open', 'Closed', 'CLOSED-NO REPLY')`,
    ),
  ],
)

export const supportThreads = pgTable(
  'support_threads',
  {
    id: text('id').primaryKey(),
    ticketId: text('ticket_id')
      .notNull()
      .references(() => supportTickets.id),
    /** in: from the customer; out: from the help desk to the customer. */
    direction: text('direction').notNull(),
    /** The agent's name on an outward message; null for the customer's own. */
    agentName: text('agent_name'),
    content: text('content').notNull(),
    contentType: text('content_type').notNull().default('text/plain'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_threads_ticket_idx').on(t.ticketId, t.createdAt),
    check('support_threads_direction_check', sql`${t.direction} in ('in', 'out')`),
    check(
      'support_threads_content_type_check',
      sql`${t.contentType} in ('text/plain', 'text/html')`,
    ),
  ],
)

/** An uploaded file: free until a ticket or reply takes it (threadId set), then part of it. */
export const supportAttachments = pgTable(
  'support_attachments',
  {
    id: text('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    storedFileId: integer('stored_file_id')
      .notNull()
      .references(() => storedFiles.id),
    threadId: text('thread_id').references(() => supportThreads.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_attachments_thread_idx').on(t.threadId)],
)
