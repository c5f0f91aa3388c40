// savedPaymentButtonDelete: deletes a saved button of the acting merchant. Subscriptions made
// through it keep running; they just no longer name a button (the foreign key sets null).
import { and, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { merchantPaymentButtons } from '../db/schema-merchant.ts'

export const handler: Handler<'savedPaymentButtonDelete'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const deleted = await context.db
    .delete(merchantPaymentButtons)
    .where(
      and(
        eq(merchantPaymentButtons.customerId, customerId),
        eq(merchantPaymentButtons.id, input.id),
      ),
    )
    .returning({ id: merchantPaymentButtons.id })
  if (deleted.length === 0) {
    return validationFailure([refusal('id', 'refusal.merchant.notButtonOfYours')])
  }
  return rpcOk()
}
