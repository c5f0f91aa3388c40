// cryptoTransferFeeGet: the fee of a crypto transfer (product-spec sections 5 and 7, also the
// "Crypto fee"). The amount is in the source account's currency: the rail buys the crypto,
// and the answer names the coin and the network it is sent on (the same default as a submit).
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { validationFailure } from '../rpc/outcome.ts'
import { externalFee } from './external-transfers.ts'
import { cryptoNetworkOf } from './external-destinations.ts'
import { isFieldError } from './transfer-quotes.ts'

export const handler: Handler<'cryptoTransferFeeGet'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const { currencyCode, network: named, ...rest } = input
  const chain = cryptoNetworkOf(currencyCode, named)
  if (isFieldError(chain)) return validationFailure([chain])
  return externalFee(
    context.db,
    customerId,
    'crypto_eft',
    rest,
    (accountCurrency) => accountCurrency,
    { currencyCode, network: chain.network },
  )
}
