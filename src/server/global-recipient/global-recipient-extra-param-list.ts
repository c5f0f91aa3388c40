// globalRecipientExtraParamList: the fields the recipient fills for a method, currency and
// country (product-spec section 5, "load extra fields"): the destination, then the
// directory's extra fields.
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { checkedChoice } from './recipient-checks.ts'
import { withdrawalFieldsOf } from './withdrawal-fields.ts'
import { withPayment } from './recipient-payment.ts'

export const handler: Handler<'globalRecipientExtraParamList'> = (context, input) =>
  withPayment(context.db, input.paymentSecret, async (found) => {
    const kind = checkedChoice(found, input, 'currencyCode')
    if (typeof kind !== 'string') return kind
    return rpcOk({ extraParams: withdrawalFieldsOf(kind, input.countryCode, input.currencyCode) })
  })
