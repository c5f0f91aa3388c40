// interacTransferFeeGet: the fee of an Interac e-transfer to an e-mail (product-spec section 5);
// Interac pays out CAD, converted from the source account's currency when it is another.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { externalFee } from './external-transfers.ts'

export const handler: Handler<'interacTransferFeeGet'> = async (context, input) => {
  const { customerId } = requireSession(context)
  return externalFee(context.db, customerId, 'interac', input, () => 'CAD')
}
