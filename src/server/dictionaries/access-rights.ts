// accessRights: the access rights 0-5 with labels (product-spec sections 3 and 4); neither 0
// (a user needs some right) nor 5 (hidden from the selectable list) can be granted (section 5).
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk, type RpcData } from '../rpc/outcome.ts'
import accessRights from './data/access-rights.json' with { type: 'json' }

// A JSON import types the ids as numbers; the dispatcher's response check holds them to the
// spec's enum.
const rights = accessRights as RpcData<'accessRights'>['accessRights']

export const handler: Handler<'accessRights'> = async () => rpcOk({ accessRights: rights })
