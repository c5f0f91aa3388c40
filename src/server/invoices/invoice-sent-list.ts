// invoiceSentList: the invoices the acting customer asked to be paid (funding invoices
// included), newest first, 20 a page; status awaitingPayment (or unpaid, the same invoices)
// keeps those not paid yet and not past due (product-spec section 4).
import { and, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { invoices } from '../db/schema-invoices.ts'
import { invoicePage, openFilter } from './invoice-records.ts'

export const handler: Handler<'invoiceSentList'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const where = and(
    eq(invoices.payeeCustomerId, customerId),
    input.status ? openFilter() : undefined,
  )!
  return rpcOk(await invoicePage(context.db, customerId, where, input))
}
