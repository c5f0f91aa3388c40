// globalPayBatchPaymentAdd: adds a payment to a draft batch, checked as a line of the file is.
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { addPayment, editDraft } from './global-pay-batch-edits.ts'
import { paymentAnswer } from './global-pay-batches.ts'

export const handler: Handler<'globalPayBatchPaymentAdd'> = (context, input) =>
  editDraft(context, input.batchId, async (tx, batch) => {
    const row = await addPayment(tx, batch, input.payment, (field) => `payment.${field}`)
    return rpcOk({ payment: paymentAnswer(row, batch.currencyCode) })
  })
