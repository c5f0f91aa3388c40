// occupations: the occupations dictionary, first variant (product-spec section 3: two
// variants; this one lists professions).
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import occupations from './data/occupations.json' with { type: 'json' }

export const handler: Handler<'occupations'> = async () => rpcOk({ occupations })
