// wireTransferFeeGet: the fee of a wire of an amount in a currency to a country (product-spec
// section 5; schedule in transfer-rules.ts), in the source account's currency.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { validationFailure } from '../rpc/outcome.ts'
import { externalFee } from './external-transfers.ts'
import { countryTargetError } from './external-fee-targets.ts'

export const handler: Handler<'wireTransferFeeGet'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const refused = countryTargetError('wire', input.countryCode, input.currencyCode)
  if (refused) return validationFailure([refused])
  return externalFee(context.db, customerId, 'wire', input, () => input.currencyCode)
}
