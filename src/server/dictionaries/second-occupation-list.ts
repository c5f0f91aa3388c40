// secondOccupationList: the occupations dictionary, second variant (product-spec section 7:
// "second occupation list"; this one lists kinds of employment).
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import occupations from './data/occupations-second.json' with { type: 'json' }

export const handler: Handler<'secondOccupationList'> = async () => rpcOk({ occupations })
