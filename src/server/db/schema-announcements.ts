// News announcements (product-spec sections 3, 4 and 7: id, isRead, choice; opening one marks it
// read; some ask to be accepted or declined). The bank writes each in every interface language,
// and a customer reads it in the language of the request. Read and answered are per customer:
// every user acting for a company sees the same state, and only its owner or an administrator
// (right 2) answers for it (docs/decisions.md, Announcements).
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { customers, users } from './schema.ts'

/** An announcement's title and body in one language. */
export interface AnnouncementText {
  title: string
  body: string
}

export const announcements = pgTable(
  'announcements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 180001 }),
    /** Title and body by interface language; English is always there. */
    texts: jsonb('texts').$type<Record<string, AnnouncementText>>().notNull(),
    withConfirmation: boolean('with_confirmation').notNull().default(false),
    /** Who it is for: every customer, personal ones only or business ones only. */
    audience: text('audience').notNull().default('all'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'announcements_audience_check',
      sql`${table.audience} in ('all', 'personal', 'business')`,
    ),
  ],
)

export const announcementReads = pgTable(
  'announcement_reads',
  {
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
    choice: text('choice'),
    chosenByUserId: integer('chosen_by_user_id').references(() => users.id),
    chosenAt: timestamp('chosen_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.announcementId, table.customerId] }),
    check('announcement_reads_choice_check', sql`${table.choice} in ('accept', 'decline')`),
  ],
)
