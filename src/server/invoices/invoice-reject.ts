// invoiceReject: the payer turns down an invoice still to pay, with an optional note the payee
// reads; the payee is told. Only the payer rejects (the payee's own invoice is refused); an
// invoice paid, being paid, rejected or past due cannot be (docs/decisions.md, Invoices).
import { eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, refusal, validationFailure } from '../rpc/outcome.ts'
import { invoices } from '../db/schema-invoices.ts'
import { InvoiceStatusId } from '../../generated/constants.ts'
import { inTransaction, Refusal } from '../transfers/transfer-orders.ts'
import {
  invoiceJson,
  invoiceOfReader,
  notYourInvoice,
  openInvoiceError,
} from './invoice-records.ts'
import { tellPayee } from './invoice-notices.ts'

export const handler: Handler<'invoiceReject'> = async (context, input) => {
  const { customerId } = requireSession(context)
  return inTransaction(context.db, async (tx) => {
    const found = await invoiceOfReader(tx, customerId, input.invoiceId, true)
    if (!found) throw new Refusal(notYourInvoice())
    if (!found.asPayer) {
      throw new Refusal(
        validationFailure([refusal('invoiceId', 'refusal.invoices.onlyPayerRejects')]),
      )
    }
    const closed = openInvoiceError(found.row)
    if (closed) throw new Refusal(validationFailure([closed]))
    const note = input.note?.trim()
    const [row] = await tx
      .update(invoices)
      .set({
        statusId: InvoiceStatusId.Rejected,
        rejectNote: note || null,
        payerCustomerId: customerId,
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, found.row.id))
      .returning()
    if (!row) throw new Error('assertion: the invoice was updated')
    await tellPayee(tx, row, 'invoiceRejected')
    return rpcOk<'invoiceReject'>({ invoice: await invoiceJson(tx, customerId, row) })
  })
}
