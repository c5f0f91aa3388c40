// documentTypes: the document categories 1-12 with their document types and what each type
// needs (product-spec section 3: document categories with their types; section 5: the
// Russia/Ukraine-only stamp page and the types allowed over 90 days).
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { documentCategories } from './document-type-table.ts'

export const handler: Handler<'documentTypes'> = async () => rpcOk({ documentCategories })
