// apiKeyList: the merchant's keys, oldest first, each with its prefix and never the key.
import { asc, eq } from 'drizzle-orm'
import { requireSession, type Handler } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { apiKeys } from '../db/schema-public-api.ts'
import { apiKeyView } from './public-api-views.ts'

export const handler: Handler<'apiKeyList'> = async (context) => {
  const { customerId } = requireSession(context)
  const rows = await context.db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.customerId, customerId))
    .orderBy(asc(apiKeys.id))
  return reply(200, { items: rows.map(apiKeyView) })
}
