// preapprovedPaymentCancel: stops a recurring transfer; no further runs happen (a run already
// queued finds it canceled and does nothing). Refused when it was set up without
// subscriptionUserCancel.
import { and, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { transferSubscriptions } from '../db/schema-transfers.ts'

export const handler: Handler<'preapprovedPaymentCancel'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const [row] = await context.db
    .select()
    .from(transferSubscriptions)
    .where(
      and(eq(transferSubscriptions.id, input.id), eq(transferSubscriptions.customerId, customerId)),
    )
  if (!row || row.status !== 'active') {
    return validationFailure([refusal('id', 'refusal.transfers.notActiveRecurring')])
  }
  if (!row.userCanCancel) {
    return validationFailure([refusal('id', 'refusal.transfers.recurringNotCancelable')])
  }
  await context.db
    .update(transferSubscriptions)
    .set({ status: 'canceled', nextRunAt: null })
    .where(and(eq(transferSubscriptions.id, row.id), eq(transferSubscriptions.status, 'active')))
  return rpcOk()
}
