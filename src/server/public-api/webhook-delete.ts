// webhookDelete: the webhook goes; its pending deliveries find nothing to send, and its
// request log stays for the merchant to read.
import { and, eq } from 'drizzle-orm'
import { requireSession, type Handler } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { webhooks } from '../db/schema-public-api.ts'
import { notFound, pathId } from './public-api-records.ts'

export const handler: Handler<'webhookDelete'> = async (context) => {
  const { customerId } = requireSession(context)
  const id = pathId(context)
  if (id === undefined) return notFound('The webhook')
  const deleted = await context.db
    .delete(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.customerId, customerId)))
    .returning({ id: webhooks.id })
  if (deleted.length === 0) return notFound('The webhook')
  return reply(204)
}
