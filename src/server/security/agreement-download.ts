// agreementDownload: one legal document of the acting customer as a PDF, addressed to the
// customer and dated the day of the download (product-spec section 7, Security settings). A
// failure answers the JSON envelope instead of the file.
import { eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { fileReply, refusal, validationFailure, rpcRefuse } from '../rpc/outcome.ts'
import { customers } from '../db/schema.ts'
import { customerDisplayName, legalDocumentsOf, legalText } from './legal-documents.ts'
import { renderAgreementPdf } from './agreement-pdf.ts'
import { languageOfCustomer } from '../messages/reader-language.ts'

export const handler: Handler<'agreementDownload'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const [customer] = await context.db.select().from(customers).where(eq(customers.id, customerId))
  if (!customer) return rpcRefuse('UE', 'answer.common.customerNotFound')
  const entry = legalDocumentsOf(customer).find((document) => document.id === input.id)
  if (!entry) {
    const description = 'refusal.security.notYourLegalDocument'
    return validationFailure([refusal('id', description)])
  }
  // The reader is the signed-in person, who may act for a company.
  const lang = context.lang ?? (await languageOfCustomer(context.db, context.session!.customerId))
  const { title, paragraphs } = legalText(entry, lang)
  const bytes = await renderAgreementPdf({
    title,
    customerName: customerDisplayName(customer),
    customerId: customer.id,
    issuedOn: new Date().toISOString().slice(0, 10),
    effectiveDate: entry.effectiveDate,
    paragraphs,
    lang,
  })
  return fileReply(bytes, 'application/pdf', `${entry.fileName}.pdf`)
}
