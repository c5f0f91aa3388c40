// globalPayBatchUpdate: adds, changes, removes and restores payments of a draft batch in one
// call, all or nothing; a refusal names the item (adds[i].<field>, updates[i].payment.<field>,
// deletes[i], restores[i]).
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { addPayment, changePayment, editDraft, setRemoved } from './global-pay-batch-edits.ts'
import { batchAnswer } from './global-pay-batches.ts'
import type { components } from '../../generated/api.d.ts'

/**
 * The request as the spec describes it: its anyOf (at least one list) makes the generated type
 * unknown, and the dispatcher has already validated the body against the schema.
 */
interface UpdateRequest {
  batchId: number
  adds?: components['schemas']['GlobalPayPaymentInput'][]
  updates?: { paymentId: number; payment: components['schemas']['GlobalPayPaymentPatch'] }[]
  deletes?: number[]
  restores?: number[]
}

export const handler: Handler<'globalPayBatchUpdate'> = (context, body) => {
  const input = body as UpdateRequest
  return editDraft(context, input.batchId, async (tx, batch) => {
    for (const [i, payment] of (input.adds ?? []).entries()) {
      await addPayment(tx, batch, payment, (field) => `adds[${i}].${field}`)
    }
    for (const [i, update] of (input.updates ?? []).entries()) {
      const change = { paymentId: update.paymentId, payment: update.payment, full: false }
      const at = (field: string) => `updates[${i}].payment.${field}`
      await changePayment(tx, batch, change, at, `updates[${i}].paymentId`)
    }
    for (const [i, paymentId] of (input.deletes ?? []).entries()) {
      await setRemoved(tx, batch, paymentId, true, `deletes[${i}]`)
    }
    for (const [i, paymentId] of (input.restores ?? []).entries()) {
      await setRemoved(tx, batch, paymentId, false, `restores[${i}]`)
    }
    return rpcOk({ batch: await batchAnswer(tx, batch) })
  })
}
