// globalPayBatchPaymentUpdate: changes the named fields of a payment of a draft batch; the
// others keep their values, and the result is checked as a new payment is.
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { changePayment, editDraft } from './global-pay-batch-edits.ts'
import { paymentAnswer } from './global-pay-batches.ts'

export const handler: Handler<'globalPayBatchPaymentUpdate'> = (context, input) =>
  editDraft(context, input.batchId, async (tx, batch) => {
    const change = { paymentId: input.paymentId, payment: input.payment, full: false }
    const row = await changePayment(tx, batch, change, (field) => `payment.${field}`)
    return rpcOk({ payment: paymentAnswer(row, batch.currencyCode) })
  })
