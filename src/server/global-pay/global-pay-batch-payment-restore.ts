// globalPayBatchPaymentRestore: puts a removed payment back into its draft batch.
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { editDraft, setRemoved } from './global-pay-batch-edits.ts'
import { paymentAnswer } from './global-pay-batches.ts'

export const handler: Handler<'globalPayBatchPaymentRestore'> = (context, input) =>
  editDraft(context, input.batchId, async (tx, batch) => {
    const row = await setRemoved(tx, batch, input.paymentId, false)
    return rpcOk({ payment: paymentAnswer(row, batch.currencyCode) })
  })
