// globalRecipientPaymentCancel: the recipient refuses the payment (product-spec sections 3 and
// 4: "A successful refusal sets the status to 'refused'"). The hold is voided through the
// ledger, so the amount and the fee are the sender's again, exactly; the sender hears it as
// a declined transfer (order-settlement.ts).
import { eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { globalPayments } from '../db/schema-transfers.ts'
import { type Answer, type Failure, refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { inTransaction } from '../transfers/transfer-orders.ts'
import { lockOrders, voidOrder } from '../transfers/order-settlement.ts'
import { detailsOf, isOpen, lockedPayment, notOpen, withPayment } from './recipient-payment.ts'

type Result = Answer<'globalRecipientPaymentCancel'> | Failure

export const handler: Handler<'globalRecipientPaymentCancel'> = (context, input) =>
  withPayment(context.db, input.paymentSecret, (found) =>
    inTransaction(context.db, async (tx): Promise<Result> => {
      if (input.paymentId !== found.payment.id) {
        return validationFailure([refusal('paymentId', 'refusal.globalPay.notThisPayment')])
      }
      const { payment } = await lockedPayment(tx, found)
      if (!isOpen(payment)) return notOpen()
      const [order] = await lockOrders(tx, [found.order.id])
      if (order?.status !== 'heldForClaim') return notOpen()
      await voidOrder(tx, order, 'declined')
      const [refused] = await tx
        .update(globalPayments)
        .set({ status: 'refused', decidedAt: new Date(), codeHash: null })
        .where(eq(globalPayments.id, payment.id))
        .returning()
      const paymentDetails = await detailsOf(tx, { payment: refused!, order })
      return rpcOk<'globalRecipientPaymentCancel'>({ paymentDetails })
    }),
  )
