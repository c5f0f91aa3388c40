// allowedIpCreate: a range the merchant's API keys may be used from. A malformed range is
// VF with errors, which the portal shows in a popup (product-spec section 8); from the first
// enabled range on, calls from anywhere else are refused (api-key-access.ts).
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { allowedIps } from '../db/schema-public-api.ts'
import { emitMerchantEvent } from '../events/merchant-events.ts'
import { canonicalIp, rangeErrors } from './ip-ranges.ts'
import { allowedIpView } from './public-api-views.ts'
import {
  countOwned,
  invalidInput,
  isUniqueViolation,
  recordLimits,
  unprocessable,
} from './public-api-records.ts'

export const handler: Handler<'allowedIpCreate'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const { db } = context
  // The address schema is an anyOf of patterns, which the generated type leaves unknown.
  const { ipFrom, ipTo } = input as { ipFrom: string; ipTo?: string }
  const errors = rangeErrors(ipFrom, ipTo)
  if (errors.length > 0) return invalidInput(errors)
  if ((await countOwned(db, allowedIps, customerId)) >= recordLimits.allowedIps) {
    return unprocessable(
      `A customer may have at most ${recordLimits.allowedIps} allowed IP ranges.`,
    )
  }
  try {
    // The range and its event commit together, or neither does.
    const allowedIp = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(allowedIps)
        .values({
          customerId,
          name: input.name,
          enabled: input.enabled ?? true,
          ipFrom: canonicalIp(ipFrom) ?? ipFrom,
          ipTo: ipTo === undefined ? null : (canonicalIp(ipTo) ?? ipTo),
        })
        .returning()
      if (!row) throw new Error('assertion: the allowed IP range was stored')
      const view = allowedIpView(row)
      await emitMerchantEvent(tx, customerId, 'allowed_ip.changed', {
        action: 'created',
        allowedIp: view,
      })
      return view
    })
    return reply(200, allowedIp)
  } catch (error) {
    if (isUniqueViolation(error)) return unprocessable('An allowed IP range with this name exists.')
    throw error
  }
}
