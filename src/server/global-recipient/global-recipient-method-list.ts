// globalRecipientMethodList: how the recipient may be paid in a country, in the payment's
// currency (product-spec section 5, "load methods"; the portal sets a flag per method).
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { globalPayoutMethods, methodAnswer } from '../global-pay/payout-methods.ts'
import { checkedCountry } from './recipient-checks.ts'
import { withPayment } from './recipient-payment.ts'

export const handler: Handler<'globalRecipientMethodList'> = (context, input) =>
  withPayment(context.db, input.paymentSecret, async (found) => {
    const refused = checkedCountry(found, input.countryCode)
    if (refused) return refused
    const methods = globalPayoutMethods(input.countryCode, found.order.toCurrencyCode)
    return rpcOk({ options: methods.map(methodAnswer) })
  })
