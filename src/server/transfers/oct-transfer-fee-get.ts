// octTransferFeeGet: the fee of a transfer to a card (product-spec section 5), the card named
// by its BIN or as a saved external card; a blocked BIN is refused as the submit would.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { validationFailure } from '../rpc/outcome.ts'
import { externalFee } from './external-transfers.ts'
import { cardTargetError } from './external-fee-targets.ts'

export const handler: Handler<'octTransferFeeGet'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const refused = await cardTargetError(context.db, customerId, input)
  if (refused) return validationFailure([refused])
  return externalFee(context.db, customerId, 'oct', input, () => input.currencyCode)
}
