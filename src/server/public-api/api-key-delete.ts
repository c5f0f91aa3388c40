// apiKeyDelete: the key stops working at once; its request log stays. The merchant's
// webhooks hear `api_key.deleted`.
import { and, eq } from 'drizzle-orm'
import { requireSession, type Handler } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { apiKeys } from '../db/schema-public-api.ts'
import { emitMerchantEvent } from '../events/merchant-events.ts'
import { apiKeyView } from './public-api-views.ts'
import { notFound, pathId } from './public-api-records.ts'

export const handler: Handler<'apiKeyDelete'> = async (context) => {
  const { customerId } = requireSession(context)
  const id = pathId(context)
  if (id === undefined) return notFound('The API key')
  const deleted = await context.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(apiKeys)
      .where(and(eq(apiKeys.id, id), eq(apiKeys.customerId, customerId)))
      .returning()
    if (row) await emitMerchantEvent(tx, customerId, 'api_key.deleted', { apiKey: apiKeyView(row) })
    return row
  })
  return deleted ? reply(204) : notFound('The API key')
}
