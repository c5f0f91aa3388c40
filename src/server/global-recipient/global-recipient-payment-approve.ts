// globalRecipientPaymentApprove: the recipient's code for the submitted withdrawal (product-spec
// section 5, "then approve with a code"). A right code hands the held money to the rail by the
// chosen method, through the external payout path (rail-hand-over.ts): the rail's report later
// posts the hold (paid) or voids it (back to the sender). A wrong code counts and is refused
// naming approvalCode with the tries left; the fifth wrong one drops the withdrawal. A retry
// with the same idempotencyKey answers the first result.
import { eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { globalPayments } from '../db/schema-transfers.ts'
import {
  type Answer,
  answerFromKept,
  type Failure,
  keptAnswer,
  refusal,
  rpcOk,
  rpcSay,
  validationFailure,
} from '../rpc/outcome.ts'
import { inTransaction } from '../transfers/transfer-orders.ts'
import { payOut } from './recipient-payout.ts'
import { codeHashOf, maxWrongRecipientCodes } from './recipient-codes.ts'
import {
  isOpen,
  lockedPayment,
  notOpen,
  type RecipientPayment,
  withPayment,
} from './recipient-payment.ts'
import type { Db } from '../db/open-database.ts'

type Result = Answer<'globalRecipientPaymentApprove'> | Failure

export const handler: Handler<'globalRecipientPaymentApprove'> = (context, input) =>
  withPayment(context.db, input.paymentSecret, (found) =>
    inTransaction(context.db, async (tx): Promise<Result> => {
      const locked = await lockedPayment(tx, found)
      const { payment } = locked
      if (payment.approveKey === input.idempotencyKey && payment.approveResult) {
        return { status: 200, body: answerFromKept(payment.approveResult) } as Result
      }
      if (!isOpen(payment)) return notOpen()
      if (payment.status !== 'submitted' || payment.operationId !== input.operationId) {
        return validationFailure([refusal('operationId', 'refusal.globalPay.notThisOperation')])
      }
      const wrong = await checkCode(tx, locked, input.approvalCode)
      if (wrong) return wrong
      await payOut(tx, locked)
      const answer = rpcOk<'globalRecipientPaymentApprove'>(rpcSay('answer.common.successfully'))
      await tx
        .update(globalPayments)
        .set({
          approveKey: input.idempotencyKey,
          approveResult: keptAnswer(answer.body as Record<string, unknown>),
        })
        .where(eq(globalPayments.id, payment.id))
      return answer
    }),
  )

/** Undefined for the right code in time; else the refusal, the wrong try counted. */
async function checkCode(tx: Db, { payment }: RecipientPayment, code: string) {
  const expired = !payment.codeExpiresAt || payment.codeExpiresAt.getTime() <= Date.now()
  if (expired) return validationFailure([refusal('approvalCode', 'refusal.globalPay.codeExpired')])
  if (payment.codeHash === codeHashOf(payment.id, code)) return undefined
  const attempts = payment.codeAttempts + 1
  const left = maxWrongRecipientCodes - attempts
  // Out of tries: the withdrawal is dropped and the payment waits for a new submit.
  const dropped = left <= 0
  await tx
    .update(globalPayments)
    .set(
      dropped
        ? { codeAttempts: attempts, status: 'waiting', operationId: null, codeHash: null }
        : { codeAttempts: attempts },
    )
    .where(eq(globalPayments.id, payment.id))
  if (dropped) return validationFailure([refusal('approvalCode', 'refusal.globalPay.codeLocked')])
  return validationFailure([
    refusal('approvalCode', 'refusal.globalPay.wrongCode', { attempts: left }),
  ])
}
