// dialects: the primary dialect of each language (product-spec section 3: primary dialects
// are a local data file).
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import dialects from './data/dialects.json' with { type: 'json' }

export const handler: Handler<'dialects'> = async () => rpcOk({ dialects })
