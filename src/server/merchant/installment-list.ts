// installmentList: the payments made under one subscription of the acting merchant, newest
// first. Not paged: section 9 gives no page size, and a subscription pays a few a year.
import { and, desc, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { merchantInstallments, merchantSubscribers } from '../db/schema-merchant.ts'
import { installmentView } from './merchant-views.ts'

export const handler: Handler<'installmentList'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const [subscriber] = await context.db
    .select({ id: merchantSubscribers.id })
    .from(merchantSubscribers)
    .where(
      and(
        eq(merchantSubscribers.customerId, customerId),
        eq(merchantSubscribers.id, input.subscriberId),
      ),
    )
  if (!subscriber) {
    return validationFailure([refusal('subscriberId', 'refusal.merchant.notSubscriberOfYours')])
  }
  const rows = await context.db
    .select()
    .from(merchantInstallments)
    .where(eq(merchantInstallments.subscriberId, subscriber.id))
    .orderBy(desc(merchantInstallments.paidAt), desc(merchantInstallments.id))
  return rpcOk({ installments: rows.map(installmentView) })
}
