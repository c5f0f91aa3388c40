// customerDocumentCreate: a personal customer's document with the parts its type needs
// (product-spec sections 3, 4 and 5); the rules are in document-create.ts. A proof of identity
// or of address may complete what KYC asks (kyc-need.ts).
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { createDocument } from './document-create.ts'
import { settleKycNeed } from './kyc-need.ts'

export const handler: Handler<'customerDocumentCreate'> = async (context, input) => {
  const result = await createDocument(context, input, 'personal')
  if (!('uploadedDocuments' in result)) return result
  await settleKycNeed(context.db, requireSession(context).customerId)
  return rpcOk(result)
}
