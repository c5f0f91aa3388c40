// Demo data of the merchant public API, for business@nova.example: an API key whose value is
// published here so the public API can be tried at once (demo mode only, like the demo
// passwords), an allowed IP range that admits this machine, and a webhook left disabled
// because its example URL answers nowhere.
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { users } from '../db/schema.ts'
import { allowedIps, apiKeys, webhooks } from '../db/schema-public-api.ts'
import { webhookSecretPurpose } from '../events/webhook-delivery.ts'
import { apiKeyFrom } from './api-keys.ts'
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
  await db.insert(apiKeys).values({ customerId, name: 'Demo server', keyHash, keyPrefix })
  await db.insert(allowedIps).values({ customerId, name: 'This machine', ipFrom: '127.0.0.1' })
  await db.insert(webhooks).values({
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
}
