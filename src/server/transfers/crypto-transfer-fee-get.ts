// cryptoTransferFeeGet: the fee of a crypto transfer (product-spec sections 5 and 7, also the
// "Crypto fee"). The amount is in the source account's currency: the rail buys the crypto.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { validationFailure } from '../rpc/outcome.ts'
import { externalFee } from './external-transfers.ts'
import { cryptoTargetError } from './external-fee-targets.ts'

export const handler: Handler<'cryptoTransferFeeGet'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const refused = cryptoTargetError(input.currencyCode)
  if (refused) return validationFailure([refused])
  const { currencyCode: _crypto, ...rest } = input
  return externalFee(
    context.db,
    customerId,
    'crypto_eft',
    rest,
    (accountCurrency) => accountCurrency,
  )
}
