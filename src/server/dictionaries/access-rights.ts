// accessRights: the access rights 0-5 with labels (product-spec sections 3 and 4); neither 0
// (a user needs some right) nor 5 (hidden from the selectable list) can be granted (section 5).
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import accessRights from './data/access-rights.json' with { type: 'json' }

export const handler: Handler<'accessRights'> = async () => rpcOk({ accessRights })
