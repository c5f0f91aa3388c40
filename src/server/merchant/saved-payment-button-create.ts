// savedPaymentButtonCreate: saves a payment button into one of the merchant's own accounts
// and answers it with the HTML code to paste (button-code.ts).
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, validationFailure } from '../rpc/outcome.ts'
import { merchantPaymentButtons } from '../db/schema-merchant.ts'
import { buttonValues } from './button-fields.ts'
import { checkoutOrigin } from './button-code.ts'
import { buttonView } from './merchant-views.ts'

export const handler: Handler<'savedPaymentButtonCreate'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const checked = await buttonValues(context.db, customerId, input)
  if ('errors' in checked) return validationFailure(checked.errors)
  const [row] = await context.db
    .insert(merchantPaymentButtons)
    .values({ customerId, ...checked.values })
    .returning()
  if (!row) throw new Error('assertion: the insert returned the new button')
  return rpcOk({ button: buttonView(row, checkoutOrigin(context.config.port)) })
}
