// globalPayBatchPaymentRemove: takes a payment out of a draft batch; it stays listed (isRemoved)
// and can be restored until the batch is submitted.
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { editDraft, setRemoved } from './global-pay-batch-edits.ts'
import { paymentAnswer } from './global-pay-batches.ts'

export const handler: Handler<'globalPayBatchPaymentRemove'> = (context, input) =>
  editDraft(context, input.batchId, async (tx, batch) => {
    const row = await setRemoved(tx, batch, input.paymentId, true)
    return rpcOk({ payment: paymentAnswer(row, batch.currencyCode) })
  })
