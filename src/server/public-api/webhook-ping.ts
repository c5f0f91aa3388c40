// webhookPing: sends a `ping` event to a URL now and reports how it answered. Signed with
// the secret of the customer's webhook at that URL, unsigned when there is none (the form
// may test a URL before the webhook exists); written to the webhook request log either way.
import { and, count, eq, gt } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { webhookRequests } from '../db/schema-public-api.ts'
import { refusedTarget } from '../events/outbound-address.ts'
import { newMerchantEvent } from '../events/merchant-events.ts'
import { sendWebhookEvent, webhookAtUrl, webhookSecretOf } from '../events/webhook-delivery.ts'
import { privateNetworksAllowed, unprocessable } from './public-api-records.ts'

/** Pings per customer per minute: a ping makes the bank's server call out. */
const pingsPerMinute = 10

export const handler: Handler<'webhookPing'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const { db } = context
  const [recent] = await db
    .select({ n: count() })
    .from(webhookRequests)
    .where(
      and(
        eq(webhookRequests.customerId, customerId),
        eq(webhookRequests.eventType, 'ping'),
        gt(webhookRequests.createdAt, new Date(Date.now() - 60_000)),
      ),
    )
  if ((recent?.n ?? 0) >= pingsPerMinute) {
    return reply(429, { message: 'Too many pings; try again in a minute.', retryAfterSeconds: 60 })
  }
  const allowPrivateNetworks = privateNetworksAllowed(context)
  const refused = await refusedTarget(input.url, allowPrivateNetworks)
  if (refused) return unprocessable(refused)
  const webhook = await webhookAtUrl(db, customerId, input.url)
  const event = newMerchantEvent('ping', { message: 'A test event from the portal.' })
  const result = await sendWebhookEvent(
    db,
    {
      customerId,
      webhookId: webhook?.id ?? null,
      url: input.url,
      secret: webhook ? await webhookSecretOf(db, webhook) : undefined,
    },
    { eventId: event.id, eventType: event.type, body: JSON.stringify(event) },
    { attempt: 1, allowPrivateNetworks },
  )
  return reply(200, {
    success: result.success,
    ...(result.statusCode !== undefined ? { statusCode: result.statusCode } : {}),
    durationMs: result.durationMs,
    signed: webhook !== undefined,
    ...(result.error !== undefined ? { message: result.error } : {}),
  })
}
