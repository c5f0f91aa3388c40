// apiKeyCreate: a new key, answered once and stored as its hash (DESIGN.md section 11); the
// merchant's webhooks hear `api_key.created` (without the key).
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { apiKeys } from '../db/schema-public-api.ts'
import { emitMerchantEvent } from '../events/merchant-events.ts'
import { newApiKey } from './api-keys.ts'
import { apiKeyView } from './public-api-views.ts'
import { countOwned, isUniqueViolation, recordLimits, unprocessable } from './public-api-records.ts'

export const handler: Handler<'apiKeyCreate'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const { db } = context
  if ((await countOwned(db, apiKeys, customerId)) >= recordLimits.apiKeys) {
    return unprocessable(`A customer may have at most ${recordLimits.apiKeys} API keys.`)
  }
  const { key, keyHash, keyPrefix } = newApiKey()
  try {
    // The key and its event commit together, or neither does.
    const apiKey = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(apiKeys)
        .values({
          customerId,
          name: input.name,
          enabled: input.enabled ?? true,
          keyHash,
          keyPrefix,
        })
        .returning()
      if (!row) throw new Error('assertion: the API key was stored')
      const view = apiKeyView(row)
      await emitMerchantEvent(tx, customerId, 'api_key.created', { apiKey: view })
      return view
    })
    return reply(200, { ...apiKey, key })
  } catch (error) {
    if (isUniqueViolation(error)) return unprocessable('An API key with this name exists.')
    throw error
  }
}
