// allowedIpDelete: the range goes; with no enabled range left, keys work from anywhere.
import { and, eq } from 'drizzle-orm'
import { requireSession, type Handler } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { allowedIps } from '../db/schema-public-api.ts'
import { emitMerchantEvent } from '../events/merchant-events.ts'
import { allowedIpView } from './public-api-views.ts'
import { notFound, pathId } from './public-api-records.ts'

export const handler: Handler<'allowedIpDelete'> = async (context) => {
  const { customerId } = requireSession(context)
  const id = pathId(context)
  if (id === undefined) return notFound('The allowed IP range')
  const deleted = await context.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(allowedIps)
      .where(and(eq(allowedIps.id, id), eq(allowedIps.customerId, customerId)))
      .returning()
    if (row) {
      await emitMerchantEvent(tx, customerId, 'allowed_ip.changed', {
        action: 'deleted',
        allowedIp: allowedIpView(row),
      })
    }
    return row
  })
  return deleted ? reply(204) : notFound('The allowed IP range')
}
