// globalPayBatchFeeSideSet: who pays the fee, for every payment of a draft batch or the ones
// named; a payment whose amount would not cover a fee its beneficiary pays is refused.
import { eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { globalPayBatchPayments } from '../db/schema-global-batch.ts'
import { changePayment, editDraft, orRefuse } from './global-pay-batch-edits.ts'
import { batchAnswer, paymentOf } from './global-pay-batches.ts'

export const handler: Handler<'globalPayBatchFeeSideSet'> = (context, input) =>
  editDraft(context, input.batchId, async (tx, batch) => {
    const ids =
      input.paymentIds ??
      (
        await tx
          .select({ id: globalPayBatchPayments.id })
          .from(globalPayBatchPayments)
          .where(eq(globalPayBatchPayments.batchId, batch.id))
      ).map((row) => row.id)
    for (const [i, paymentId] of ids.entries()) {
      const field = input.paymentIds ? `paymentIds[${i}]` : 'feeShare'
      orRefuse(await paymentOf(tx, batch.id, paymentId, field))
      const change = { paymentId, payment: { feeShare: input.feeShare }, full: false }
      await changePayment(tx, batch, change, (name) => (name === 'feeShare' ? 'feeShare' : field))
    }
    return rpcOk({ batch: await batchAnswer(tx, batch) })
  })
