// GET /demo/mailbox?recipient=: the demo mailbox (DESIGN.md section 7). Only in demo mode,
// where every person is a demo person and the codes are what the demo is for; anywhere else
// it answers 404 as if it did not exist (docs/decisions.md, Sign-in).
import { desc, eq } from 'drizzle-orm'
import { users } from '../db/schema.ts'
import { devicePushes } from '../db/schema-auth.ts'
import { outboxMessages } from '../db/schema-outbox.ts'
import type { Handler } from '../rpc/handler-context.ts'
import { refusal, reply, validationFailure } from '../rpc/outcome.ts'

const maxMessages = 50

export const handler: Handler<'demoMailboxList'> = async (context) => {
  if (!context.config.demo) return reply(404, { message: 'Not found.' })
  const raw = context.query.recipient
  if (typeof raw !== 'string' || raw.trim().length < 3 || raw.length > 254) {
    const description = 'refusal.outbox.recipient'
    return validationFailure([refusal('recipient', description)], 400)
  }
  const recipient = raw.includes('@') ? raw.trim().toLowerCase() : raw.trim()
  const mail = await context.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.id))
    .limit(maxMessages)
  const [user] = await context.db.select().from(users).where(eq(users.username, recipient))
  const pushes = user
    ? await context.db
        .select()
        .from(devicePushes)
        .where(eq(devicePushes.userId, user.id))
        .orderBy(desc(devicePushes.id))
        .limit(maxMessages)
    : []
  const messages = [
    ...mail.map((row) => ({
      id: `m${row.id}`,
      // The outbox holds only e-mail and SMS (security/outbox.ts), as the spec lists them.
      channel: row.channel as 'email' | 'sms',
      recipient: row.recipient,
      subject: row.subject,
      body: row.body,
      createdAt: row.createdAt.toISOString(),
    })),
    ...pushes.map((row) => ({
      id: `p${row.id}`,
      channel: 'push' as const,
      recipient: row.deviceId,
      subject: row.title,
      body: row.body,
      data: row.data,
      createdAt: row.createdAt.toISOString(),
    })),
  ]
  messages.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
  return reply(200, { messages: messages.slice(0, maxMessages) })
}
