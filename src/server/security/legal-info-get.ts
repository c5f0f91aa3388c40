// legalInfoGet: the acting customer's legal documents and agreements, each downloadable as a
// PDF with agreementDownload (product-spec section 7, Security settings).
import { eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, rpcRefuse } from '../rpc/outcome.ts'
import { customers } from '../db/schema.ts'
import { legalDocumentView, legalDocumentsOf } from './legal-documents.ts'
import { languageOfCustomer } from '../messages/reader-language.ts'

export const handler: Handler<'legalInfoGet'> = async (context) => {
  const { customerId } = requireSession(context)
  const [customer] = await context.db.select().from(customers).where(eq(customers.id, customerId))
  if (!customer) return rpcRefuse('UE', 'answer.common.customerNotFound')
  // The reader is the signed-in person, who may act for a company.
  const lang = context.lang ?? (await languageOfCustomer(context.db, customerId))
  const documents = legalDocumentsOf(customer).map((entry) =>
    legalDocumentView(entry, customer, lang),
  )
  return rpcOk({ documents })
}
