// invoiceGet: one invoice, for its payee or its payer only; anyone else is answered as for an
// id that does not exist (docs/decisions.md, Invoices).
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { invoiceJson, invoiceOfReader, notYourInvoice } from './invoice-records.ts'

export const handler: Handler<'invoiceGet'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const found = await invoiceOfReader(context.db, customerId, input.invoiceId)
  if (!found) return notYourInvoice()
  return rpcOk({ invoice: await invoiceJson(context.db, customerId, found.row) })
}
