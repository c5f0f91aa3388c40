// subscriberCancel: stops a subscriber's recurring payments. Idempotent: cancelling again
// answers the subscriber as it is, with the first cancellation's time.
import { and, eq, sql } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { merchantSubscribers } from '../db/schema-merchant.ts'
import { subscriberView } from './merchant-views.ts'

export const handler: Handler<'subscriberCancel'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const table = merchantSubscribers
  const [row] = await context.db
    .update(table)
    .set({
      status: 'cancelled',
      nextPaymentDate: null,
      cancelledAt: sql`coalesce(${table.cancelledAt}, now())`,
    })
    .where(and(eq(table.customerId, customerId), eq(table.id, input.id)))
    .returning()
  if (!row) return validationFailure([refusal('id', 'refusal.merchant.notSubscriberOfYours')])
  return rpcOk({ subscriber: subscriberView(row) })
}
