// The outbox (DESIGN.md section 7): every message a person must read is first a row here,
// written in the transaction of the change it reports; src/server/outbox/ delivers it.
import { sql } from 'drizzle-orm'
import { bigint, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/**
 * Messages a person must read (codes, security notices). With no mail or SMS provider
 * configured they stay here, unsent, for the demo mailbox (DESIGN.md section 7).
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').notNull(),
    /** An e-mail address, or a phone number with its calling code (+447700900123). */
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    /** Set by the delivery adapter once a provider accepted the message. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_messages_unsent_idx')
      .on(t.createdAt)
      .where(sql`${t.sentAt} is null`),
    check('outbox_messages_channel_check', sql`${t.channel} in ('email', 'sms')`),
  ],
)
