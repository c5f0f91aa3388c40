// ipnMessageConfirm: marks a notification as confirmed so delivery stops retrying it.
// Idempotent: confirming again keeps the first confirmation's time.
import { and, eq, sql } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { merchantIpnMessages } from '../db/schema-merchant.ts'
import { ipnMessageView } from './merchant-views.ts'

export const handler: Handler<'ipnMessageConfirm'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const table = merchantIpnMessages
  const [row] = await context.db
    .update(table)
    .set({ confirmedAt: sql`coalesce(${table.confirmedAt}, now())` })
    .where(and(eq(table.customerId, customerId), eq(table.id, input.id)))
    .returning()
  if (!row) return validationFailure([refusal('id', 'refusal.merchant.notMessageOfYours')])
  return rpcOk({ ipnMessage: ipnMessageView(row) })
}
