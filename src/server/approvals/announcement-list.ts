// announcementList: the acting customer's announcements, newest first, in the reader's
// language; withConfirmation keeps those that ask to be accepted or declined.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { announcementJson, announcementsOf } from './announcement-records.ts'

export const handler: Handler<'announcementList'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const lang = context.refusalLang ?? context.lang ?? 'en'
  const found = await announcementsOf(context.db, customerId, {
    withConfirmation: input.withConfirmation === true,
  })
  return rpcOk({ announcements: found.map(({ row, read }) => announcementJson(row, read, lang)) })
}
