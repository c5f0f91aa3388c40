// Sending a new code for a transfer waiting for one: a re-send (transferApprovalResend) and the
// approvalCode mode's request and generate calls. Each new code replaces the older one.
import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { transferOrders } from '../db/schema-transfers.ts'
import {
  type Answer,
  type Failure,
  refusal,
  rpcOk,
  validationFailure,
  rpcRefuse,
} from '../rpc/outcome.ts'
import { issueApprovalCode } from '../transfers/approval-codes.ts'
import { inTransaction } from '../transfers/transfer-orders.ts'
import { lockOrders } from '../transfers/order-settlement.ts'

export async function sendTransferCode(
  db: Db,
  who: { customerId: number; userId: number },
  orderId: number | undefined,
  approveType?: number,
): Promise<
  Answer<'approvalCodeGenerate' | 'approvalCodeRequest' | 'transferApprovalResend'> | Failure
> {
  const [order] = await db
    .select()
    .from(transferOrders)
    .where(
      and(
        eq(transferOrders.customerId, who.customerId),
        eq(transferOrders.status, 'awaitingCode'),
        ...(orderId !== undefined ? [eq(transferOrders.id, orderId)] : []),
      ),
    )
    .orderBy(desc(transferOrders.id))
    .limit(1)
  if (!order) {
    return orderId !== undefined
      ? validationFailure([refusal('trxid', 'refusal.common.notWaitingForCode')])
      : rpcRefuse('TA1', 'answer.approvals.nothingAwaitsCode')
  }
  return inTransaction(db, async (tx) => {
    const [locked] = await lockOrders(tx, [order.id])
    if (locked?.status !== 'awaitingCode') {
      return validationFailure([refusal('trxid', 'refusal.common.notWaitingForCode')])
    }
    const sent = await issueApprovalCode(tx, {
      customerId: who.customerId,
      userId: who.userId,
      purpose: 'transfer',
      orders: [locked],
      declined: false,
      approveType: approveType ?? locked.approveType,
    })
    return rpcOk({ approvalSentTo: sent.approvalSentTo })
  })
}
