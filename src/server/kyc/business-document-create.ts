// businessDocumentCreate: a business's document (company, address, control, due diligence, or a
// representative's own) with the parts its type needs (product-spec sections 3, 4 and 5); a
// user with uploading rights (5) may send it. The rules are in document-create.ts.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, rpcRefuse } from '../rpc/outcome.ts'
import { eq } from 'drizzle-orm'
import { customers } from '../db/schema.ts'
import { isBusinessCustomer } from '../../shared/access-rights.ts'
import { createDocument } from './document-create.ts'

export const handler: Handler<'businessDocumentCreate'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const [customer] = await context.db
    .select({ customerType: customers.customerType })
    .from(customers)
    .where(eq(customers.id, customerId))
  if (!customer) return rpcRefuse('UE', 'answer.common.customerNotFound')
  if (!isBusinessCustomer(customer.customerType)) {
    return rpcRefuse('ENOA', 'answer.kyc.businessDocumentsOnly')
  }
  const result = await createDocument(context, input, 'business')
  return 'uploadedDocuments' in result ? rpcOk(result) : result
}
