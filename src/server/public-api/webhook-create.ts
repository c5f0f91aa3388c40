// webhookCreate: a webhook with a new signing secret, answered once (DESIGN.md section 11)
// and stored sealed; then the merchant's webhooks hear `webhook.created`.
import { randomBytes } from 'node:crypto'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { webhooks } from '../db/schema-public-api.ts'
import { refusedTarget } from '../events/outbound-address.ts'
import { emitMerchantEvent } from '../events/merchant-events.ts'
import { webhookSecretPurpose } from '../events/webhook-delivery.ts'
import { sealSecret } from '../secrets/sealed-secret.ts'
import { webhookView } from './public-api-views.ts'
import {
  countOwned,
  isUniqueViolation,
  privateNetworksAllowed,
  recordLimits,
  unprocessable,
} from './public-api-records.ts'

export const handler: Handler<'webhookCreate'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const { db } = context
  const refused = await refusedTarget(input.url, privateNetworksAllowed(context))
  if (refused) return unprocessable(refused)
  if ((await countOwned(db, webhooks, customerId)) >= recordLimits.webhooks) {
    return unprocessable(`A customer may have at most ${recordLimits.webhooks} webhooks.`)
  }
  const secret = `whsec_${randomBytes(32).toString('base64url')}`
  const secretSealed = await sealSecret(db, secret, webhookSecretPurpose(customerId))
  try {
    // The webhook and its event commit together, or neither does.
    const webhook = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(webhooks)
        .values({
          customerId,
          name: input.name,
          url: input.url,
          enabled: input.enabled ?? true,
          secretSealed,
        })
        .returning()
      if (!row) throw new Error('assertion: the webhook was stored')
      const view = webhookView(row)
      await emitMerchantEvent(tx, customerId, 'webhook.created', { webhook: view })
      return view
    })
    return reply(200, { ...webhook, secret })
  } catch (error) {
    if (isUniqueViolation(error)) return unprocessable('A webhook with this name exists.')
    throw error
  }
}
