// apiKeyUpdate: a new name, or the key switched on or off; the key itself never changes.
import { and, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { apiKeys } from '../db/schema-public-api.ts'
import { apiKeyView } from './public-api-views.ts'
import { isUniqueViolation, notFound, pathId, unprocessable } from './public-api-records.ts'

export const handler: Handler<'apiKeyUpdate'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const id = pathId(context)
  if (id === undefined) return notFound('The API key')
  let row: typeof apiKeys.$inferSelect | undefined
  try {
    ;[row] = await context.db
      .update(apiKeys)
      .set({ name: input.name, enabled: input.enabled ?? true })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.customerId, customerId)))
      .returning()
  } catch (error) {
    if (isUniqueViolation(error)) return unprocessable('An API key with this name exists.')
    throw error
  }
  if (!row) return notFound('The API key')
  return reply(200, apiKeyView(row))
}
