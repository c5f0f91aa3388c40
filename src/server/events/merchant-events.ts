// The merchant event bus: something happened to a merchant customer, so every enabled
// webhook of that customer gets one delivery job. The body is fixed here, once, so every
// retry sends (and signs) the same bytes and receivers can deduplicate on the event id.
import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { webhooks } from '../db/schema-public-api.ts'
import { enqueueJobs } from '../jobs/job-queue.ts'
import { webhookDeliveryKind, type WebhookDeliveryPayload } from './webhook-delivery.ts'

/** The events sent today; transfers add theirs when they arrive. */
export type MerchantEventType =
  'api_key.created' | 'api_key.deleted' | 'webhook.created' | 'allowed_ip.changed' | 'ping'

export interface MerchantEvent {
  id: string
  type: MerchantEventType
  createdAt: string
  data: Record<string, unknown>
}

export function newMerchantEvent(
  type: MerchantEventType,
  data: Record<string, unknown>,
): MerchantEvent {
  return { id: `evt_${randomUUID()}`, type, createdAt: new Date().toISOString(), data }
}

/** Enqueues the event for every enabled webhook of the customer; answers the event. */
export async function emitMerchantEvent(
  db: Db,
  customerId: number,
  type: MerchantEventType,
  data: Record<string, unknown>,
): Promise<MerchantEvent> {
  const event = newMerchantEvent(type, data)
  const body = JSON.stringify(event)
  const targets = await db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.customerId, customerId), eq(webhooks.enabled, true)))
  await enqueueJobs(
    db,
    targets.map((target) => {
      const payload: WebhookDeliveryPayload = {
        webhookId: target.id,
        customerId,
        eventId: event.id,
        eventType: type,
        body,
      }
      return { kind: webhookDeliveryKind, payload: { ...payload } }
    }),
  )
  return event
}
