// businessTransactionMassApprove: approves or declines every waiting transaction of one mass
// batch (the batch id an order carries in its details, massBatchId). Mass batches arrive with
// the mass-payment step; a batch with no waiting request is refused naming batchId.
import { and, eq, sql } from 'drizzle-orm'
import { transferOrders } from '../db/schema-transfers.ts'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { validationFailure } from '../rpc/outcome.ts'
import { decide, decisionByKey, withoutConfirmation } from './business-decisions.ts'
import { rpcOk } from '../rpc/outcome.ts'

export const handler: Handler<'businessTransactionMassApprove'> = async (context, input) => {
  const { customerId, userId } = requireSession(context)
  const earlier = await decisionByKey(context.db, customerId, userId, input.idempotencyKey)
  if (earlier?.result) return rpcOk(withoutConfirmation(earlier.result))
  const rows = await context.db
    .select({ id: transferOrders.id })
    .from(transferOrders)
    .where(
      and(
        eq(transferOrders.customerId, customerId),
        eq(transferOrders.status, 'awaitingApprover'),
        sql`${transferOrders.details}->>'massBatchId' = ${String(input.batchId)}`,
      ),
    )
  const orderIds = rows.map((row) => row.id)
  if (orderIds.length === 0) {
    return validationFailure([
      { parameter: 'batchId', description: 'has no transactions waiting for approval' },
    ])
  }
  return decide(context.db, {
    customerId,
    userId,
    orderIds,
    declined: input.declined ?? false,
    idempotencyKey: input.idempotencyKey,
    field: 'batchId',
  })
}
