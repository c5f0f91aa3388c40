// globalPayBatchPaymentFullUpdate: replaces a payment of a draft batch with new values (its
// forbidden methods are cleared, since its country may have changed).
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { changePayment, editDraft } from './global-pay-batch-edits.ts'
import { paymentAnswer } from './global-pay-batches.ts'

export const handler: Handler<'globalPayBatchPaymentFullUpdate'> = (context, input) =>
  editDraft(context, input.batchId, async (tx, batch) => {
    const change = { paymentId: input.paymentId, payment: input.payment, full: true }
    const row = await changePayment(tx, batch, change, (field) => `payment.${field}`)
    return rpcOk({ payment: paymentAnswer(row, batch.currencyCode) })
  })
