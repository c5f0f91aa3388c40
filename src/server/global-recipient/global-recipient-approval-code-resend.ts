// globalRecipientApprovalCodeResend: a new code for the withdrawal waiting for one (product-spec
// section 5, "The code can be re-sent"); the earlier code stops working and the tries start
// again.
import type { Handler } from '../rpc/handler-context.ts'
import { type Answer, type Failure, refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { inTransaction } from '../transfers/transfer-orders.ts'
import { sendRecipientCode } from './recipient-codes.ts'
import { isOpen, lockedPayment, notOpen, withPayment } from './recipient-payment.ts'

type Result = Answer<'globalRecipientApprovalCodeResend'> | Failure

export const handler: Handler<'globalRecipientApprovalCodeResend'> = (context, input) =>
  withPayment(context.db, input.paymentSecret, (found) =>
    inTransaction(context.db, async (tx): Promise<Result> => {
      const locked = await lockedPayment(tx, found)
      if (!isOpen(locked.payment)) return notOpen()
      if (
        locked.payment.status !== 'submitted' ||
        locked.payment.operationId !== input.operationId
      ) {
        return validationFailure([refusal('operationId', 'refusal.globalPay.notThisOperation')])
      }
      const approvalSentTo = await sendRecipientCode(tx, locked)
      return rpcOk<'globalRecipientApprovalCodeResend'>({ approvalSentTo })
    }),
  )
