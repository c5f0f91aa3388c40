// announcementChoiceSet: the owner or an administrator of the acting customer (right 2, by
// x-access) accepts or declines an announcement that asks for it. The answer is final, as a
// signed consent is: the same answer again changes nothing, another is refused
// (docs/decisions.md, Announcements). Answering marks it read too.
import { and, eq, isNull } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { announcementReads } from '../db/schema-announcements.ts'
import {
  announcementJson,
  announcementsOf,
  markRead,
  notYourAnnouncement,
} from './announcement-records.ts'

export const handler: Handler<'announcementChoiceSet'> = async (context, input) => {
  const { customerId, userId } = requireSession(context)
  const [found] = await announcementsOf(context.db, customerId, { id: input.id })
  if (!found) return notYourAnnouncement()
  if (!found.row.withConfirmation) {
    return validationFailure([refusal('id', 'refusal.announcements.noAnswerAsked')])
  }
  await markRead(context.db, found.row.id, customerId)
  await context.db
    .update(announcementReads)
    .set({ choice: input.choice, chosenByUserId: userId, chosenAt: new Date() })
    .where(
      and(
        eq(announcementReads.announcementId, found.row.id),
        eq(announcementReads.customerId, customerId),
        isNull(announcementReads.choice),
      ),
    )
  const read = await markRead(context.db, found.row.id, customerId)
  if (read?.choice !== input.choice) {
    return validationFailure([refusal('choice', 'refusal.announcements.alreadyAnswered')])
  }
  const lang = context.refusalLang ?? context.lang ?? 'en'
  return rpcOk({ announcement: announcementJson(found.row, read, lang) })
}
