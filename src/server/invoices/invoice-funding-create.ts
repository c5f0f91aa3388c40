// invoiceFundingCreate ("add money", issue 16): an invoice to oneself (isFunding) for funding
// one of one's payment accounts (accountId, or the oldest active one) from another bank. It
// carries the account's bank-wire details (its payment instruction, accounts/
// payment-instructions.ts) and a PDF of them in the reader's language. It moves no money: the
// wire that arrives does (docs/decisions.md, Invoices).
import { eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, refusal, validationFailure } from '../rpc/outcome.ts'
import { brandById } from '../rpc/request-brand.ts'
import { customers } from '../db/schema.ts'
import { invoices } from '../db/schema-invoices.ts'
import { AccountStatus, AccountType } from '../../generated/constants.ts'
import { customerAccounts } from '../ledger/balances.ts'
import { customerDisplayName } from '../security/legal-documents.ts'
import { ensureInstructions, instructionsOf } from '../accounts/payment-instructions.ts'
import { languageOfCustomer } from '../messages/reader-language.ts'
import { isFieldError } from '../transfers/transfer-quotes.ts'
import { invoiceJson } from './invoice-records.ts'
import { amountAt } from './invoice-rules.ts'
import { storeFundingPdf } from './invoice-pdf.ts'

export const handler: Handler<'invoiceFundingCreate'> = async (context, input) => {
  const { customerId, userId } = requireSession(context)
  const accounts = (await customerAccounts(context.db, customerId))
    .filter((row) => row.type === AccountType.Payment && row.statusId === AccountStatus.Active)
    .sort((a, b) => a.id - b.id)
  const account =
    input.accountId === undefined ? accounts[0] : accounts.find((row) => row.id === input.accountId)
  if (!account) {
    const key =
      input.accountId === undefined
        ? 'refusal.invoices.noAccountToFund'
        : 'refusal.invoices.notActivePaymentAccount'
    return validationFailure([refusal('accountId', key)])
  }
  const amountMinor = amountAt(input.amount, account.currencyCode, 'amount')
  if (isFieldError(amountMinor)) return validationFailure([amountMinor])
  const brand = brandById(context.brandId)
  if (!brand) throw new Error(`assertion: brand ${context.brandId} is configured`)
  const [customer] = await context.db.select().from(customers).where(eq(customers.id, customerId))
  if (!customer) throw new Error('assertion: the acting customer exists')
  const lang = context.lang ?? (await languageOfCustomer(context.db, customerId))
  const invoice = await context.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(invoices)
      .values({
        payeeCustomerId: customerId,
        payeeAccountId: account.id,
        createdByUserId: userId,
        payerEmail: customer.email.toLowerCase(),
        payerCustomerId: customerId,
        currencyCode: account.currencyCode,
        amountMinor,
        isFunding: true,
      })
      .returning()
    if (!row) throw new Error('assertion: the invoice was inserted')
    await ensureInstructions(tx, [{ id: account.id, name: customerDisplayName(customer) }])
    const [wire] = await instructionsOf(tx, [account.id])
    if (!wire) throw new Error('assertion: the account has a payment instruction')
    const pdfFileId = await storeFundingPdf(tx, brand, row, wire, lang)
    const [stored] = await tx
      .update(invoices)
      .set({ pdfFileId })
      .where(eq(invoices.id, row.id))
      .returning()
    return invoiceJson(tx, customerId, stored!)
  })
  return rpcOk({ invoice })
}
