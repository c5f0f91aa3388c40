// allowedIpUpdate: a new name, range or enabled flag, checked like a new range.
import { and, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { allowedIps } from '../db/schema-public-api.ts'
import { emitMerchantEvent } from '../events/merchant-events.ts'
import { canonicalIp, rangeErrors } from './ip-ranges.ts'
import { allowedIpView } from './public-api-views.ts'
import {
  invalidInput,
  isUniqueViolation,
  notFound,
  pathId,
  unprocessable,
} from './public-api-records.ts'

export const handler: Handler<'allowedIpUpdate'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const id = pathId(context)
  if (id === undefined) return notFound('The allowed IP range')
  // The address schema is an anyOf of patterns, which the generated type leaves unknown.
  const { ipFrom, ipTo } = input as { ipFrom: string; ipTo?: string }
  const errors = rangeErrors(ipFrom, ipTo)
  if (errors.length > 0) return invalidInput(errors)
  try {
    const allowedIp = await context.db.transaction(async (tx) => {
      const [row] = await tx
        .update(allowedIps)
        .set({
          name: input.name,
          enabled: input.enabled ?? true,
          ipFrom: canonicalIp(ipFrom) ?? ipFrom,
          ipTo: ipTo === undefined ? null : (canonicalIp(ipTo) ?? ipTo),
        })
        .where(and(eq(allowedIps.id, id), eq(allowedIps.customerId, customerId)))
        .returning()
      if (!row) return undefined
      const view = allowedIpView(row)
      await emitMerchantEvent(tx, customerId, 'allowed_ip.changed', {
        action: 'updated',
        allowedIp: view,
      })
      return view
    })
    return allowedIp ? reply(200, allowedIp) : notFound('The allowed IP range')
  } catch (error) {
    if (isUniqueViolation(error)) return unprocessable('An allowed IP range with this name exists.')
    throw error
  }
}
