// blacklistDelete: takes one payee and block type off the acting customer's payout blacklist.
import { and, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { payoutBlacklist } from '../db/schema-security.ts'

export const handler: Handler<'blacklistDelete'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const removed = await context.db
    .delete(payoutBlacklist)
    .where(
      and(
        eq(payoutBlacklist.customerId, customerId),
        eq(payoutBlacklist.email, input.email.trim().toLowerCase()),
        eq(payoutBlacklist.blockType, input.blockType),
      ),
    )
    .returning({ id: payoutBlacklist.id })
  if (removed.length === 0) {
    const description = 'refusal.security.notOnBlacklist'
    return validationFailure([refusal('email', description)])
  }
  return rpcOk()
}
