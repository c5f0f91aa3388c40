// invoiceReceivedList: the invoices the acting customer is asked to pay, newest first, 20 a
// page; status unpaid (or awaitingPayment, the same invoices) keeps those still to pay and not
// past due (product-spec section 4). A funding invoice is the customer's own, never received.
import { and, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { invoices } from '../db/schema-invoices.ts'
import { addressesOf, invoicePage, openFilter, payerIs } from './invoice-records.ts'

export const handler: Handler<'invoiceReceivedList'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const addresses = await addressesOf(context.db, customerId)
  const where = and(
    payerIs(customerId, addresses),
    eq(invoices.isFunding, false),
    input.status ? openFilter() : undefined,
  )!
  return rpcOk(await invoicePage(context.db, customerId, where, input))
}
