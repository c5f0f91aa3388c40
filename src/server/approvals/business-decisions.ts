// The business approval queue (product-spec sections 4 and 6): orders that a user with access
// right 3 created wait with a hold (status awaitingApprover); an approver with right 2 or 4
// approves (the hold is posted) or declines (the hold is voided) one or many. When the
// approver's own transaction mode asks for a code, the decision waits for
// businessTransactionConfirm; otherwise it is applied at once. Every decision is recorded in
// transfer_approval_codes with its idempotency key, so a retry answers the first result.
import { and, count, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { transferApprovalCodes, transferOrders } from '../db/schema-transfers.ts'
import { massBatchRows } from '../db/schema-mass.ts'
import {
  answerFromKept,
  keptAnswer,
  rpcOk,
  rpcSay,
  validationFailure,
  type Answer,
  type Failure,
  type RpcData,
  refusal,
} from '../rpc/outcome.ts'
import { issueApprovalCode, type OrderRow } from '../transfers/approval-codes.ts'
import { completeOrder, lockOrders, voidOrder } from '../transfers/order-settlement.ts'
import { inTransaction, Refusal } from '../transfers/transfer-orders.ts'
import { approveTypeOfCustomer } from '../transfers/acting-user.ts'
import { ApprovalType } from '../../generated/constants.ts'

export interface Decision {
  customerId: number
  userId: number
  orderIds: number[]
  declined: boolean
  idempotencyKey: string
  /** The request field that named the orders, for a VF about them. */
  field: string
  /** Set by the mass approval: the orders are the whole of this batch. */
  batchId?: number
}

export async function decisionByKey(db: Db, customerId: number, userId: number, key: string) {
  const [row] = await db
    .select()
    .from(transferApprovalCodes)
    .where(
      and(
        eq(transferApprovalCodes.customerId, customerId),
        eq(transferApprovalCodes.userId, userId),
        eq(transferApprovalCodes.purpose, 'businessDecision'),
        eq(transferApprovalCodes.idempotencyKey, key),
      ),
    )
  return row
}

/** Locks the orders and checks that every one waits for an approver of this customer. */
async function waitingOrders(tx: Db, decision: Decision): Promise<OrderRow[]> {
  const orders = await lockOrders(tx, decision.orderIds)
  const waiting = orders.filter(
    (o) => o.customerId === decision.customerId && o.status === 'awaitingApprover',
  )
  if (waiting.length !== decision.orderIds.length) {
    const missing = decision.orderIds.filter((id) => !waiting.some((o) => o.id === id))
    throw new Refusal(
      validationFailure([
        refusal(decision.field, 'refusal.approvals.notWaitingForApproval', {
          ids: missing.join(', '),
        }),
      ]),
    )
  }
  if (decision.batchId === undefined) await refuseBatchOrders(tx, decision)
  return waiting
}

/** An order of a mass batch is decided with its batch (businessTransactionMassApprove). */
async function refuseBatchOrders(tx: Db, decision: Decision): Promise<void> {
  const rows = await tx
    .select({ orderId: massBatchRows.orderId, batchId: massBatchRows.batchId })
    .from(massBatchRows)
    .where(inArray(massBatchRows.orderId, decision.orderIds))
  if (rows.length === 0) return
  throw new Refusal(
    validationFailure(
      rows.map((row) =>
        refusal(decision.field, 'refusal.approvals.batchOrder', {
          order: String(row.orderId),
          batch: String(row.batchId),
        }),
      ),
    ),
  )
}

type DecisionOperation = 'businessTransactionApprove' | 'businessTransactionMassApprove'

export async function decide(
  db: Db,
  decision: Decision,
): Promise<Answer<DecisionOperation> | Failure> {
  const earlier = await decisionByKey(
    db,
    decision.customerId,
    decision.userId,
    decision.idempotencyKey,
  )
  if (earlier?.result) return rpcOk(withoutConfirmation(earlier.result))
  const approveType = await approveTypeOfCustomer(db, decision.customerId)
  return inTransaction(db, async (tx) => {
    const orders = await waitingOrders(tx, decision)
    const raced = await decisionByKey(
      tx,
      decision.customerId,
      decision.userId,
      decision.idempotencyKey,
    )
    if (raced?.result) return rpcOk(withoutConfirmation(raced.result))
    if (approveType !== ApprovalType.None) {
      const sent = await issueApprovalCode(tx, {
        customerId: decision.customerId,
        userId: decision.userId,
        purpose: 'businessDecision',
        orders,
        declined: decision.declined,
        approveType,
      })
      const result = {
        approveType,
        approvalTransactionId: sent.codeId,
        approvalSentTo: sent.approvalSentTo,
      }
      await tx
        .update(transferApprovalCodes)
        .set({ idempotencyKey: decision.idempotencyKey, result })
        .where(eq(transferApprovalCodes.id, sent.codeId))
      return rpcOk(result)
    }
    const applied = await applyDecision(tx, orders, decision)
    const { transactionIds: _ids, ...said } = applied
    const result = { approveType: 0 as const, ...said }
    await tx.insert(transferApprovalCodes).values({
      customerId: decision.customerId,
      userId: decision.userId,
      purpose: 'businessDecision',
      orderIds: orders.map((o) => o.id),
      declined: decision.declined,
      approveType: ApprovalType.None,
      channel: 'none',
      recipient: '',
      codeHash: '',
      expiresAt: new Date(),
      usedAt: new Date(),
      idempotencyKey: decision.idempotencyKey,
      result: keptAnswer(result),
    })
    return rpcOk(result)
  })
}

/** Posts or voids the holds of the orders; answers what happened to each. */
export async function applyDecision(
  tx: Db,
  orders: OrderRow[],
  decision: { declined: boolean; userId: number },
): Promise<RpcData<'businessTransactionConfirm'>> {
  const completed: number[] = []
  const failed: number[] = []
  for (const order of orders) {
    if (decision.declined) {
      await voidOrder(tx, order, 'declined', decision.userId)
      continue
    }
    const outcome = await completeOrder(tx, order, decision.userId)
    if (outcome === 'accountClosed') failed.push(order.id)
    else completed.push(order.id)
  }
  return {
    transactionIds: orders.map((o) => o.id),
    ...(decision.declined
      ? rpcSay('answer.approvals.rejected')
      : failed.length > 0
        ? rpcSay('answer.approvals.partlyFailed', { ids: failed.join(', ') })
        : rpcSay('answer.transfers.submitted')),
  }
}

export async function waitingCount(db: Db, customerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(transferOrders)
    .where(
      and(eq(transferOrders.customerId, customerId), eq(transferOrders.status, 'awaitingApprover')),
    )
  return row?.n ?? 0
}

/**
 * The approve call's own answer, without the confirmation stored beside it. The stored
 * result is the answer decide gave, so it has the answer's type.
 */
export function withoutConfirmation(result: Record<string, unknown>): RpcData<DecisionOperation> {
  const { confirmation: _confirmation, ...answer } = result
  return answerFromKept(answer) as RpcData<DecisionOperation>
}
