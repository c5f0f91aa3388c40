// What the three announcement operations share: the announcements a customer may read (its
// audience, published), each with this customer's read state and answer, in the reader's
// language (English when the bank wrote none in it). docs/decisions.md, Announcements.
import { and, desc, eq, inArray, lte, type SQL } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customers } from '../db/schema.ts'
import {
  announcementReads,
  announcements,
  type AnnouncementText,
} from '../db/schema-announcements.ts'
import type { components } from '../../generated/api.d.ts'
import type { Lang } from '../messages/messages.ts'
import { refusal, validationFailure } from '../rpc/outcome.ts'

type Announcement = components['schemas']['Announcement']
type AnnouncementRow = typeof announcements.$inferSelect
type ReadRow = typeof announcementReads.$inferSelect

export const notYourAnnouncement = () =>
  validationFailure([refusal('id', 'refusal.announcements.unknown')])

/** The audiences a customer belongs to: everyone's, and personal or business. */
async function audiencesOf(db: Db, customerId: number): Promise<string[]> {
  const [customer] = await db
    .select({ customerType: customers.customerType })
    .from(customers)
    .where(eq(customers.id, customerId))
  return ['all', customer?.customerType === 0 ? 'personal' : 'business']
}

function textIn(texts: Record<string, AnnouncementText>, lang: Lang): AnnouncementText {
  return texts[lang] ?? texts.en ?? { title: '', body: '' }
}

export function announcementJson(
  row: AnnouncementRow,
  read: ReadRow | undefined,
  lang: Lang,
): Announcement {
  const { title, body } = textIn(row.texts, lang)
  return {
    id: row.id,
    isRead: read !== undefined,
    withConfirmation: row.withConfirmation,
    title,
    body,
    createdAt: row.publishedAt.toISOString(),
    ...(read?.choice ? { choice: read.choice as Announcement['choice'] & string } : {}),
  }
}

/** The customer's announcements, newest first, each with its read row (if any). */
export async function announcementsOf(
  db: Db,
  customerId: number,
  options: { id?: number; withConfirmation?: boolean; now?: Date } = {},
): Promise<{ row: AnnouncementRow; read: ReadRow | undefined }[]> {
  const conditions: SQL[] = [
    inArray(announcements.audience, await audiencesOf(db, customerId)),
    lte(announcements.publishedAt, options.now ?? new Date()),
  ]
  if (options.id !== undefined) conditions.push(eq(announcements.id, options.id))
  if (options.withConfirmation) conditions.push(eq(announcements.withConfirmation, true))
  const rows = await db
    .select()
    .from(announcements)
    .where(and(...conditions))
    .orderBy(desc(announcements.publishedAt), desc(announcements.id))
  if (rows.length === 0) return []
  const reads = await db
    .select()
    .from(announcementReads)
    .where(
      and(
        eq(announcementReads.customerId, customerId),
        inArray(
          announcementReads.announcementId,
          rows.map((row) => row.id),
        ),
      ),
    )
  const readOf = new Map(reads.map((read) => [read.announcementId, read]))
  return rows.map((row) => ({ row, read: readOf.get(row.id) }))
}

/** Marks it read for the customer (once: the first opening's time stays). */
export async function markRead(db: Db, announcementId: number, customerId: number) {
  await db.insert(announcementReads).values({ announcementId, customerId }).onConflictDoNothing()
  const [read] = await db
    .select()
    .from(announcementReads)
    .where(
      and(
        eq(announcementReads.announcementId, announcementId),
        eq(announcementReads.customerId, customerId),
      ),
    )
  return read
}
