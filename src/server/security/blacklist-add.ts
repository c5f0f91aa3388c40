// blacklistAdd: the "Add user to blacklist" popup (product-spec section 2). E-mails are stored
// lower-cased, so one payee is listed once per block type; the success text is the product's
// (section 8). The block type is stored as given: the product does not list its values.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, rpcSay, validationFailure } from '../rpc/outcome.ts'
import { payoutBlacklist } from '../db/schema-security.ts'

export const handler: Handler<'blacklistAdd'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const email = input.email.trim().toLowerCase()
  const [row] = await context.db
    .insert(payoutBlacklist)
    .values({ customerId, email, blockType: input.blockType })
    .onConflictDoNothing()
    .returning()
  if (!row) {
    const description = 'refusal.security.onBlacklist'
    return validationFailure([refusal('email', description)])
  }
  return rpcOk({
    ...rpcSay('answer.security.blacklisted', { email }),
    user: { email: row.email, blockType: row.blockType },
  })
}
