// blacklistList: the payees the acting customer refuses to pay out to (product-spec section 7,
// Security settings), oldest first.
import { asc, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { payoutBlacklist } from '../db/schema-security.ts'

export const handler: Handler<'blacklistList'> = async (context) => {
  const { customerId } = requireSession(context)
  const users = await context.db
    .select({ email: payoutBlacklist.email, blockType: payoutBlacklist.blockType })
    .from(payoutBlacklist)
    .where(eq(payoutBlacklist.customerId, customerId))
    .orderBy(asc(payoutBlacklist.id))
  return rpcOk({ users })
}
