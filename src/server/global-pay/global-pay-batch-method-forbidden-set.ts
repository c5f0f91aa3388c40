// globalPayBatchMethodForbiddenSet: forbids or allows one payout method for a payment of a draft
// batch; its beneficiary is not offered a forbidden method (product-spec section 3,
// paymentMethods {name, forbidden}). The name must be a method the payment offers.
import { eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { globalPayBatchPayments } from '../db/schema-global-batch.ts'
import { editDraft, orRefuse } from './global-pay-batch-edits.ts'
import { paymentAnswer, paymentOf } from './global-pay-batches.ts'
import { globalPayoutMethods } from './payout-methods.ts'

export const handler: Handler<'globalPayBatchMethodForbiddenSet'> = (context, input) =>
  editDraft(context, input.batchId, async (tx, batch) => {
    const payment = orRefuse(await paymentOf(tx, batch.id, input.paymentId))
    const offered = globalPayoutMethods(payment.countryCode, batch.currencyCode)
    if (!offered.some((m) => m.transferType === input.name)) {
      return validationFailure([refusal('name', 'refusal.globalPay.notAMethodOfPayment')])
    }
    const others = payment.forbiddenMethods.filter((name) => name !== input.name)
    const [row] = await tx
      .update(globalPayBatchPayments)
      .set({ forbiddenMethods: input.forbidden ? [...others, input.name] : others })
      .where(eq(globalPayBatchPayments.id, payment.id))
      .returning()
    if (!row) throw new Error('assertion: the payment was updated')
    return rpcOk({ payment: paymentAnswer(row, batch.currencyCode) })
  })
