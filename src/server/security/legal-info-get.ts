// legalInfoGet: the acting customer's legal documents and agreements, each downloadable as a
// PDF with agreementDownload (product-spec section 7, Security settings).
import { eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcFail, rpcOk } from '../rpc/outcome.ts'
import { customers } from '../db/schema.ts'
import { legalDocumentView, legalDocumentsOf } from './legal-documents.ts'

export const handler: Handler<'legalInfoGet'> = async (context) => {
  const { customerId } = requireSession(context)
  const [customer] = await context.db.select().from(customers).where(eq(customers.id, customerId))
  if (!customer) return rpcFail('UE', 'The customer was not found.')
  const documents = legalDocumentsOf(customer).map((entry) => legalDocumentView(entry, customer))
  return rpcOk({ documents })
}
