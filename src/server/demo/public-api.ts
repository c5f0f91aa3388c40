// Demo data of the merchant public API, for business@nova.example: an API key whose value is
// published here so the public API can be tried at once (demo mode only, like the demo
// passwords), an allowed IP range that admits this machine, and a webhook left disabled
// because its example URL answers nowhere.
import { randomBytes, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { users } from '../db/schema.ts'
import {
  allowedIps,
  apiKeys,
  apiRequests,
  webhookRequests,
  webhooks,
} from '../db/schema-public-api.ts'
import { webhookSecretPurpose } from '../events/webhook-delivery.ts'
import { apiKeyFrom } from '../public-api/api-keys.ts'
import { sealSecret } from '../secrets/sealed-secret.ts'

/** Try it: curl -H "x-api-key: <this>" http://localhost:3000/public-api/v1/balances */
export const demoApiKey = 'mk_demo-northwind-trading-not-for-production'

export async function seedPublicApiDemo(db: Db): Promise<void> {
  const [owner] = await db
    .select({ customerId: users.customerId })
    .from(users)
    .where(eq(users.username, 'business@nova.example'))
  if (!owner) return
  const { customerId } = owner
  const { keyHash, keyPrefix } = apiKeyFrom(demoApiKey)
  const [existing] = await db.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash))
  if (existing) return
  const [key] = await db
    .insert(apiKeys)
    .values({ customerId, name: 'Demo server', keyHash, keyPrefix })
    .returning({ id: apiKeys.id })
  await db.insert(allowedIps).values({ customerId, name: 'This machine', ipFrom: '127.0.0.1' })
  const [webhook] = await db
    .insert(webhooks)
    .values({
      customerId,
      name: 'Order events',
      url: 'https://merchant.example/webhooks/portal',
      enabled: false,
      secretSealed: await sealSecret(
        db,
        `whsec_${randomBytes(32).toString('base64url')}`,
        webhookSecretPurpose(customerId),
      ),
    })
    .returning({ id: webhooks.id, url: webhooks.url })
  await seedHistory(db, customerId, key!.id, webhook!.id, webhook!.url)
}

const hourMs = 60 * 60 * 1000

/**
 * A month of history, so the request logs have pages to turn: the demo server's calls (one
 * refused from an address outside the allowed IPs) and the webhook's deliveries from when it
 * was enabled, a failed attempt retried among them.
 */
async function seedHistory(
  db: Db,
  customerId: number,
  apiKeyId: number,
  webhookId: number,
  url: string,
): Promise<void> {
  const now = Date.now()
  await db.insert(apiRequests).values(
    Array.from({ length: 30 }, (_, i) => ({
      customerId,
      apiKeyId,
      method: 'GET',
      path: '/public-api/v1/balances',
      statusCode: i === 7 ? 403 : 200,
      ip: i === 7 ? '192.0.2.44' : '127.0.0.1',
      durationMs: 8 + (i % 5),
      createdAt: new Date(now - (30 - i) * 24 * hourMs),
    })),
  )
  const types = ['api_key.created', 'allowed_ip.changed', 'webhook.created'] as const
  await db.insert(webhookRequests).values(
    Array.from({ length: 45 }, (_, i) => {
      const failed = i % 9 === 4
      const eventType = types[i % types.length]!
      return {
        customerId,
        webhookId,
        eventId: `evt_${randomUUID()}`,
        eventType,
        url,
        attempt: 1,
        statusCode: failed ? 503 : 200,
        success: !failed,
        durationMs: 40 + (i % 7) * 5,
        requestBody: JSON.stringify({ type: eventType }),
        responseBody: failed ? 'Service Unavailable' : 'ok',
        createdAt: new Date(now - (45 - i) * 16 * hourMs),
      }
    }),
  )
}
