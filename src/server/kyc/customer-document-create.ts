// customerDocumentCreate: a personal customer's document with the parts its type needs
// (product-spec sections 3, 4 and 5); the rules are in document-create.ts.
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { createDocument } from './document-create.ts'

export const handler: Handler<'customerDocumentCreate'> = async (context, input) => {
  const result = await createDocument(context, input, 'personal')
  return 'uploadedDocuments' in result ? rpcOk(result) : result
}
