// ipAccessList: the acting customer's IP whitelist and whether it is on (product-spec section 7,
// Security settings).
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { whitelistEnabled, whitelistEntries, whitelistItemView } from './ip-whitelist.ts'

export const handler: Handler<'ipAccessList'> = async (context) => {
  const { customerId } = requireSession(context)
  const entries = await whitelistEntries(context.db, customerId)
  return rpcOk({
    enabled: await whitelistEnabled(context.db, customerId),
    items: entries.map(whitelistItemView),
  })
}
