// webhookList: the merchant's webhooks, oldest first, without their secrets.
import { asc, eq } from 'drizzle-orm'
import { requireSession, type Handler } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { webhooks } from '../db/schema-public-api.ts'
import { webhookView } from './public-api-views.ts'

export const handler: Handler<'webhookList'> = async (context) => {
  const { customerId } = requireSession(context)
  const rows = await context.db
    .select()
    .from(webhooks)
    .where(eq(webhooks.customerId, customerId))
    .orderBy(asc(webhooks.id))
  return reply(200, { items: rows.map(webhookView) })
}
