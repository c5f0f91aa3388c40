// allowedIpList: the merchant's allowed IP ranges, oldest first.
import { asc, eq } from 'drizzle-orm'
import { requireSession, type Handler } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { allowedIps } from '../db/schema-public-api.ts'
import { allowedIpView } from './public-api-views.ts'

export const handler: Handler<'allowedIpList'> = async (context) => {
  const { customerId } = requireSession(context)
  const rows = await context.db
    .select()
    .from(allowedIps)
    .where(eq(allowedIps.customerId, customerId))
    .orderBy(asc(allowedIps.id))
  return reply(200, { items: rows.map(allowedIpView) })
}
