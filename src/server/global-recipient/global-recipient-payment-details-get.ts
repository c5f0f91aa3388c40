// globalRecipientPaymentDetailsGet: the payment as its recipient sees it on /receive/{id}
// (product-spec section 3, Global payment (recipient side)).
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { detailsOf, withPayment } from './recipient-payment.ts'

export const handler: Handler<'globalRecipientPaymentDetailsGet'> = (context, input) =>
  withPayment(context.db, input.paymentSecret, async (found) =>
    rpcOk({ paymentDetails: await detailsOf(context.db, found) }),
  )
