// savedPaymentButtonList: the acting merchant's saved payment buttons with their HTML code,
// newest first. Not paged: section 9 gives no page size and a merchant keeps a handful.
import { desc, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { merchantPaymentButtons } from '../db/schema-merchant.ts'
import { checkoutOrigin } from './button-code.ts'
import { buttonView } from './merchant-views.ts'

export const handler: Handler<'savedPaymentButtonList'> = async (context) => {
  const { customerId } = requireSession(context)
  const rows = await context.db
    .select()
    .from(merchantPaymentButtons)
    .where(eq(merchantPaymentButtons.customerId, customerId))
    .orderBy(desc(merchantPaymentButtons.createdAt), desc(merchantPaymentButtons.id))
  const origin = checkoutOrigin(context.config.port)
  return rpcOk({ buttons: rows.map((row) => buttonView(row, origin)) })
}
