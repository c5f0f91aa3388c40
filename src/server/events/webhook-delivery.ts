// Delivers merchant events to webhooks: a signed POST per attempt, each attempt written to
// the webhook request log (webhook_requests) that webhookRequestList shows. Headers:
// x-webhook-id (the event id, the same on every retry), x-webhook-timestamp (unix seconds)
// and x-webhook-signature (payload-signature.ts, with the webhook's own secret).
import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { webhookRequests, webhooks } from '../db/schema-public-api.ts'
import { openSecret } from '../secrets/sealed-secret.ts'
import { PermanentJobError, type JobRunContext } from '../jobs/job-context.ts'
import { postJson, type OutboundResult } from './outbound-post.ts'
import { payloadSignature, unixSeconds } from './payload-signature.ts'

export const webhookDeliveryKind = 'webhook.deliver'

export interface WebhookDeliveryPayload {
  webhookId: number
  customerId: number
  eventId: string
  eventType: string
  /** The exact JSON text to send, fixed when the event was emitted. */
  body: string
}

/** The purpose a webhook's sealed secret is bound to (secrets/sealed-secret.ts). */
export function webhookSecretPurpose(customerId: number): string {
  return `webhook-secret:${customerId}`
}

export async function webhookSecretOf(
  db: Db,
  webhook: { customerId: number; secretSealed: string },
): Promise<string> {
  return openSecret(db, webhook.secretSealed, webhookSecretPurpose(webhook.customerId))
}

interface SendTarget {
  customerId: number
  webhookId: number | null
  url: string
  /** Without one, the request goes unsigned (a ping to a URL that is no webhook yet). */
  secret: string | undefined
}

interface SendEvent {
  eventId: string
  eventType: string
  body: string
}

/** One signed POST, logged whatever its outcome. */
export async function sendWebhookEvent(
  db: Db,
  target: SendTarget,
  event: SendEvent,
  options: { attempt: number; allowPrivateNetworks: boolean },
): Promise<OutboundResult> {
  const timestamp = unixSeconds(new Date())
  const headers: Record<string, string> = {
    'x-webhook-id': event.eventId,
    'x-webhook-timestamp': String(timestamp),
  }
  if (target.secret !== undefined) {
    headers['x-webhook-signature'] = payloadSignature(target.secret, timestamp, event.body)
  }
  const result = await postJson(target.url, event.body, headers, {
    allowPrivateNetworks: options.allowPrivateNetworks,
  })
  await db.insert(webhookRequests).values({
    customerId: target.customerId,
    webhookId: target.webhookId,
    eventId: event.eventId,
    eventType: event.eventType,
    url: target.url,
    attempt: options.attempt,
    statusCode: result.statusCode ?? null,
    success: result.success,
    error: result.error ?? null,
    durationMs: result.durationMs,
    requestBody: event.body,
    responseBody: result.responseSnippet,
  })
  return result
}

/** The job runner: a webhook deleted or disabled since the event has nothing to deliver. */
export async function deliverWebhookJob(
  context: JobRunContext,
  payload: Record<string, unknown>,
): Promise<void> {
  const delivery = deliveryPayload(payload)
  const [webhook] = await context.db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, delivery.webhookId), eq(webhooks.customerId, delivery.customerId)))
  if (!webhook?.enabled) return
  const result = await sendWebhookEvent(
    context.db,
    {
      customerId: webhook.customerId,
      webhookId: webhook.id,
      url: webhook.url,
      secret: await webhookSecretOf(context.db, webhook),
    },
    delivery,
    { attempt: context.job.attempts, allowPrivateNetworks: context.allowPrivateNetworks },
  )
  if (!result.success) throw new Error(result.error ?? 'the webhook did not answer 2xx')
}

function deliveryPayload(payload: Record<string, unknown>): WebhookDeliveryPayload {
  const { webhookId, customerId, eventId, eventType, body } = payload
  if (
    typeof webhookId !== 'number' ||
    typeof customerId !== 'number' ||
    typeof eventId !== 'string' ||
    typeof eventType !== 'string' ||
    typeof body !== 'string'
  ) {
    throw new PermanentJobError('a webhook delivery job without its fields')
  }
  return { webhookId, customerId, eventId, eventType, body }
}

/** The customer's newest webhook at this URL, whose secret signs a ping to it. */
export async function webhookAtUrl(db: Db, customerId: number, url: string) {
  const [webhook] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.customerId, customerId), eq(webhooks.url, url)))
    .orderBy(desc(webhooks.id))
    .limit(1)
  return webhook
}
