// savedPaymentButtonUpdate: replaces a saved button's fields (name and accountId are required,
// so the request is the whole button; optional fields left out are cleared).
import { and, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { merchantPaymentButtons } from '../db/schema-merchant.ts'
import { buttonValues } from './button-fields.ts'
import { checkoutOrigin } from './button-code.ts'
import { buttonView } from './merchant-views.ts'

export const handler: Handler<'savedPaymentButtonUpdate'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const { id, ...fields } = input
  const checked = await buttonValues(context.db, customerId, fields)
  if ('errors' in checked) return validationFailure(checked.errors)
  const [row] = await context.db
    .update(merchantPaymentButtons)
    .set({ ...checked.values, updatedAt: new Date() })
    .where(
      and(eq(merchantPaymentButtons.customerId, customerId), eq(merchantPaymentButtons.id, id)),
    )
    .returning()
  if (!row) return validationFailure([refusal('id', 'refusal.merchant.notButtonOfYours')])
  return rpcOk({ button: buttonView(row, checkoutOrigin(context.config.port)) })
}
