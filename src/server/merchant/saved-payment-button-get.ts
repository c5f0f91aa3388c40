// savedPaymentButtonGet: one saved payment button of the acting merchant with its HTML code.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { checkoutOrigin } from './button-code.ts'
import { buttonView } from './merchant-views.ts'
import { savedPaymentButton } from './saved-payment-buttons.ts'

export const handler: Handler<'savedPaymentButtonGet'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const row = await savedPaymentButton(context.db, customerId, input.id)
  if (!row) return validationFailure([refusal('id', 'refusal.merchant.notButtonOfYours')])
  return rpcOk({ button: buttonView(row, checkoutOrigin(context.config.port)) })
}
