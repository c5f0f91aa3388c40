// ipnMessageGet: one instant payment notification of the acting merchant, with its payload.
import { and, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { merchantIpnMessages } from '../db/schema-merchant.ts'
import { ipnMessageView } from './merchant-views.ts'

export const handler: Handler<'ipnMessageGet'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const [row] = await context.db
    .select()
    .from(merchantIpnMessages)
    .where(
      and(eq(merchantIpnMessages.customerId, customerId), eq(merchantIpnMessages.id, input.id)),
    )
  if (!row) return validationFailure([refusal('id', 'refusal.merchant.notMessageOfYours')])
  return rpcOk({ ipnMessage: ipnMessageView(row) })
}
