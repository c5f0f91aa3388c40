// Messages a person must read go to the outbox table (DESIGN.md section 7); a mail or SMS
// adapter sends them and sets sent_at, and without one the demo mailbox shows them. The
// answers of the API only ever name a destination masked.
import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customerPhones, users } from '../db/schema.ts'
import { outboxMessages } from '../db/schema-outbox.ts'
import { renderMail, type Lang, type MailName, type MessageParams } from '../messages/messages.ts'

export type OutboxChannel = 'email' | 'sms'

export interface Destination {
  channel: OutboxChannel
  recipient: string
}

/** A mail of the catalogue (locales/<lang>/messages.json, "mail") for one reader. */
export interface OutboxMessage extends Destination {
  /** The reader's language (messages/reader-language.ts). */
  lang: Lang
  mail: MailName
  params?: MessageParams
}

/**
 * Writes the mail in the reader's language: the row holds the rendered subject and body, so
 * it is sent as it was written, whatever the catalogue says by then (docs/decisions.md).
 */
export async function enqueueMessage(db: Db, message: OutboxMessage): Promise<void> {
  const { channel, recipient, lang, mail, params } = message
  await db.insert(outboxMessages).values({ channel, recipient, ...renderMail(lang, mail, params) })
}

/** "a****@nova.example": the first character of the local part and the whole domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 1) return '****'
  return `${email.slice(0, 1)}****${email.slice(at)}`
}

/** "+44*******123": the first two and the last three digits. */
export function maskPhone(phone: string): string {
  const match = /^(\+[0-9]{2})([0-9]+)([0-9]{3})$/.exec(phone)
  if (!match) return '****'
  return `${match[1]}${'*'.repeat(match[2]?.length ?? 0)}${match[3]}`
}

export function maskDestination(destination: Destination): string {
  return destination.channel === 'sms'
    ? maskPhone(destination.recipient)
    : maskEmail(destination.recipient)
}

/** The user's sign-in e-mail. */
export async function emailOfUser(db: Db, userId: number): Promise<Destination> {
  const [user] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) throw new Error(`assertion: user ${userId} exists`)
  return { channel: 'email', recipient: user.username }
}

/** The customer's primary confirmed phone as +<calling code><number>, if there is one. */
export async function confirmedPhoneOf(db: Db, customerId: number): Promise<string | undefined> {
  const [phone] = await db
    .select()
    .from(customerPhones)
    .where(and(eq(customerPhones.customerId, customerId), eq(customerPhones.isPrimary, true)))
    .orderBy(desc(customerPhones.id))
  if (!phone?.confirmedAt) return undefined
  return `+${phone.countryCode}${phone.number}`
}
