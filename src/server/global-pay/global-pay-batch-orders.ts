// A global pay batch's money (issue 16): submitting the batch makes every payment not removed a
// global transfer order through submitOrder, in ONE database transaction with the batch row
// locked, so a refused payment (funds, limits, blacklist) undoes the whole batch and a second
// submit, with the same key or another, cannot move money again. The route is the single
// global payment's (transfer-orders.ts): an initiator's orders wait for an approver, a code
// customer's wait for ONE code for the whole batch (globalPayBatchApprove), and otherwise the
// money is held for the recipients at once and each is e-mailed a /receive link.
import { eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { globalPayBatches, globalPayBatchPayments } from '../db/schema-global-batch.ts'
import { transferOrders } from '../db/schema-transfers.ts'
import {
  isRpcFailure,
  refusal,
  rpcOk,
  validationFailure,
  type Answer,
  type Failure,
  type RpcData,
} from '../rpc/outcome.ts'
import { ApprovalType } from '../../generated/constants.ts'
import { initiatingRights } from '../../shared/access-rights.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { fromMinor } from '../../shared/money.ts'
import type { AccountRow } from '../accounts/account-view.ts'
import { approveTypeOfCustomer, type ActingUser } from '../transfers/acting-user.ts'
import { issueApprovalCode } from '../transfers/approval-codes.ts'
import { payeeFacts } from '../transfers/payee-lookup.ts'
import { isFieldError, ownAccount, quoteOf } from '../transfers/transfer-quotes.ts'
import { inTransaction, Refusal, submitOrder } from '../transfers/transfer-orders.ts'
import {
  batchOf,
  isBatch,
  paymentsOf,
  type BatchRow,
  type PaymentRow,
} from './global-pay-batches.ts'

type SubmitData = RpcData<'globalPayBatchSubmit'>
export type BatchRoute = 'none' | 'code' | 'approver'

const notDraft = () => validationFailure([refusal('batchId', 'refusal.globalPay.batchNotDraft')])

export async function submitBatch(
  db: Db,
  acting: ActingUser,
  input: { batchId: number; idempotencyKey: string },
): Promise<Answer<'globalPayBatchSubmit'> | Failure> {
  return inTransaction(db, async (tx) => {
    const batch = await batchOf(tx, acting.customerId, input.batchId, true)
    if (!isBatch(batch)) return batch
    if (batch.submitKey !== null) {
      // The first answer, once: a retry of the same submit moves nothing again.
      if (batch.submitKey !== input.idempotencyKey || !batch.submitResult) return notDraft()
      return rpcOk<'globalPayBatchSubmit'>(batch.submitResult as SubmitData)
    }
    if (batch.status !== 'draft') return notDraft()
    const payments = (await paymentsOf(tx, batch.id)).filter((p) => !p.removed)
    if (payments.length === 0) {
      return validationFailure([refusal('batchId', 'refusal.globalPay.noActivePayments')])
    }
    const from = await ownAccount(tx, acting.customerId, batch.fromAccountId)
    if (!from) return validationFailure([refusal('batchId', 'refusal.common.notAnActiveAccount')])
    const { route, approveType } = await routeOf(tx, acting)
    const orderIds: number[] = []
    for (const payment of payments) {
      orderIds.push(await submitPayment(tx, acting, input.idempotencyKey, from, payment))
    }
    const result: SubmitData = { operationId: String(batch.id), approveType }
    if (route === 'code' && approveType !== ApprovalType.ApprovalCode) {
      const orders = await tx
        .select()
        .from(transferOrders)
        .where(inArray(transferOrders.id, orderIds))
      const sent = await issueApprovalCode(tx, {
        customerId: acting.customerId,
        userId: acting.userId,
        purpose: 'transfer',
        orders,
        declined: false,
        approveType,
      })
      if (sent.approvalSentTo) result.approvalSentTo = sent.approvalSentTo
    }
    await markSubmitted(tx, batch, { route, key: input.idempotencyKey, result })
    return rpcOk<'globalPayBatchSubmit'>(result)
  })
}

/** The single global payment's route (transfer-orders.ts routeOf), once for the batch. */
async function routeOf(tx: Db, acting: ActingUser) {
  if (initiatingRights.has(acting.accessRight)) {
    return { route: 'approver' as BatchRoute, approveType: ApprovalType.None }
  }
  const approveType = await approveTypeOfCustomer(tx, acting.customerId)
  const route: BatchRoute = approveType === ApprovalType.None ? 'none' : 'code'
  return { route, approveType }
}

/** One payment's global order, under its own key; a refusal refuses the whole batch. */
async function submitPayment(
  tx: Db,
  acting: ActingUser,
  batchKey: string,
  from: AccountRow,
  payment: PaymentRow,
): Promise<number> {
  const at = (field: string) => `payments[${payment.id}].${field}`
  const payee = await payeeFacts(tx, acting.customerId, payment.beneficiaryEmail)
  if (!payee.outBlacklist) {
    throw new Refusal(
      validationFailure([refusal(at('beneficiaryEmail'), 'refusal.common.onPayoutBlacklist')]),
    )
  }
  const amount = fromMinor(payment.amountMinor, scaleOf(from.currencyCode))
  const quote = quoteOf('global', from, from.currencyCode, amount, from.currencyCode, {
    amount: at('amount'),
    currency: at('currencyCode'),
  })
  if (isFieldError(quote)) throw new Refusal(validationFailure([quote]))
  const feeIsBen = payment.feeShare === 'beneficiary'
  const outcome = await submitOrder(tx, {
    kind: 'global',
    acting,
    // Client keys have no colon, so no single transfer's key can meet a batch payment's.
    idempotencyKey: `${batchKey}:gpb-${payment.id}`,
    request: { batchId: payment.batchId, paymentId: payment.id, amount, batchKey },
    fields: { amount: at('amount'), from: 'batchId', to: at('beneficiaryEmail') },
    from,
    toEmail: payment.beneficiaryEmail,
    currencyCode: from.currencyCode,
    toCurrencyCode: from.currencyCode,
    ...quote,
    toAmountMinor: feeIsBen ? quote.amountMinor - quote.feeMinor : quote.amountMinor,
    oneCodeForMany: true,
    details: detailsOf(payment, feeIsBen),
  })
  if (isRpcFailure(outcome)) throw new Refusal(outcome)
  const orderId = Number((outcome.body as { transactionId?: unknown }).transactionId)
  await tx
    .update(globalPayBatchPayments)
    .set({ orderId })
    .where(eq(globalPayBatchPayments.id, payment.id))
  return orderId
}

/** What the order keeps for its recipient's page (global-recipient/). */
function detailsOf(payment: PaymentRow, feeIsBen: boolean): Record<string, unknown> {
  return {
    beneficiaryName: payment.beneficiaryName,
    feeIsBen,
    countryCode: payment.countryCode,
    globalPayBatchId: payment.batchId,
    ...(payment.description ? { description: payment.description } : {}),
    ...(payment.method ? { method: payment.method } : {}),
    ...(payment.forbiddenMethods.length > 0 ? { forbiddenMethods: payment.forbiddenMethods } : {}),
    ...(Object.keys(payment.paymentData).length > 0 ? { paymentData: payment.paymentData } : {}),
  }
}

async function markSubmitted(
  tx: Db,
  batch: BatchRow,
  submit: { route: BatchRoute; key: string; result: SubmitData },
): Promise<void> {
  await tx
    .update(globalPayBatches)
    .set({
      status: submit.route === 'none' ? 'processing' : 'submitted',
      route: submit.route,
      submitKey: submit.key,
      submitResult: submit.result as Record<string, unknown>,
      submittedAt: new Date(),
    })
    .where(eq(globalPayBatches.id, batch.id))
}

/** The order ids of a submitted batch, in id order (the order a code binds them in). */
export async function batchOrderIds(db: Db, batchId: number): Promise<number[]> {
  const rows = await db
    .select({ orderId: globalPayBatchPayments.orderId })
    .from(globalPayBatchPayments)
    .where(eq(globalPayBatchPayments.batchId, batchId))
  return rows
    .map((row) => row.orderId)
    .filter((id): id is number => id !== null)
    .sort((a, b) => a - b)
}
