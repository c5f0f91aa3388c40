// webhookUpdate: a new name, URL or enabled flag; the signing secret stays.
import { and, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { webhooks } from '../db/schema-public-api.ts'
import { refusedTarget } from '../events/outbound-address.ts'
import { webhookView } from './public-api-views.ts'
import {
  isUniqueViolation,
  notFound,
  pathId,
  privateNetworksAllowed,
  unprocessable,
} from './public-api-records.ts'

export const handler: Handler<'webhookUpdate'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const id = pathId(context)
  if (id === undefined) return notFound('The webhook')
  const refused = await refusedTarget(input.url, privateNetworksAllowed(context))
  if (refused) return unprocessable(refused)
  let row: typeof webhooks.$inferSelect | undefined
  try {
    ;[row] = await context.db
      .update(webhooks)
      .set({ name: input.name, url: input.url, enabled: input.enabled ?? true })
      .where(and(eq(webhooks.id, id), eq(webhooks.customerId, customerId)))
      .returning()
  } catch (error) {
    if (isUniqueViolation(error)) return unprocessable('A webhook with this name exists.')
    throw error
  }
  if (!row) return notFound('The webhook')
  return reply(200, webhookView(row))
}
