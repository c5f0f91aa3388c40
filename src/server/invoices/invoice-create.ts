// invoiceCreate: the acting customer asks someone, by e-mail, to pay an amount (product-spec
// sections 6 and 7; needs requestMoney, checked by the dispatcher from x-access). The payer
// may be a customer or not yet one; the payer is told in the same transaction
// (invoice-notices.ts). The payer pays it with a P2P transfer carrying its id.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, refusal, validationFailure, type FieldError } from '../rpc/outcome.ts'
import { invoices } from '../db/schema-invoices.ts'
import { customers } from '../db/schema.ts'
import { eq } from 'drizzle-orm'
import { payeeFacts } from '../transfers/payee-lookup.ts'
import { isFieldError } from '../transfers/transfer-quotes.ts'
import { invoiceJson } from './invoice-records.ts'
import { amountAt, dueDateError, receivingAccount } from './invoice-rules.ts'
import { tellPayer } from './invoice-notices.ts'

export const handler: Handler<'invoiceCreate'> = async (context, input) => {
  const { customerId, userId } = requireSession(context)
  const toEmail = input.toEmail.trim().toLowerCase()
  const payer = await payeeFacts(context.db, customerId, toEmail)
  const errors: FieldError[] = []
  if (payer.customerId === customerId) {
    errors.push(refusal('toEmail', 'refusal.invoices.ownPayer'))
  }
  const accountId = await receivingAccount(context.db, customerId, input.currency)
  if (isFieldError(accountId)) errors.push(accountId)
  const amountMinor = amountAt(input.amount, input.currency, 'amount')
  if (isFieldError(amountMinor)) errors.push(amountMinor)
  const due = dueDateError(input.dueDate)
  if (due) errors.push(due)
  if (errors.length > 0 || isFieldError(accountId) || isFieldError(amountMinor)) {
    return validationFailure(errors)
  }
  const note = input.noteBody?.trim()
  const invoice = await context.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(invoices)
      .values({
        payeeCustomerId: customerId,
        payeeAccountId: accountId,
        createdByUserId: userId,
        payerEmail: toEmail,
        payerCustomerId: payer.customerId ?? null,
        currencyCode: input.currency,
        amountMinor,
        noteBody: note || null,
        dueDate: input.dueDate ?? null,
      })
      .returning()
    if (!row) throw new Error('assertion: the invoice was inserted')
    const [payee] = await tx.select().from(customers).where(eq(customers.id, customerId))
    await tellPayer(tx, row, payee?.email ?? '')
    return invoiceJson(tx, customerId, row)
  })
  return rpcOk({ invoice })
}
