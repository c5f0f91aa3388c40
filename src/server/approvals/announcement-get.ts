// announcementGet: one announcement of the acting customer; opening it marks it read
// (product-spec section 4). One that is not the customer's is answered as one that does not
// exist.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import {
  announcementJson,
  announcementsOf,
  markRead,
  notYourAnnouncement,
} from './announcement-records.ts'

export const handler: Handler<'announcementGet'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const [found] = await announcementsOf(context.db, customerId, { id: input.id })
  if (!found) return notYourAnnouncement()
  const read = await markRead(context.db, found.row.id, customerId)
  const lang = context.refusalLang ?? context.lang ?? 'en'
  return rpcOk({ announcement: announcementJson(found.row, read, lang) })
}
