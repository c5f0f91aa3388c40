// ipAccessAdd: the "Add IP to whitelist" popup (product-spec section 2): one IPv4 or IPv6
// address, or a range from ip to toIp, stored in normal form so one address is listed once.
import { count, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { ipWhitelistEntries } from '../db/schema-security.ts'
import { normaliseIpRange } from './ip-address.ts'
import { isFieldError } from './field-error.ts'
import { maxWhitelistEntries, whitelistItemView } from './ip-whitelist.ts'

export const handler: Handler<'ipAccessAdd'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const range = normaliseIpRange(input.ip, input.toIp)
  if (isFieldError(range)) return validationFailure([range])
  const [held] = await context.db
    .select({ n: count() })
    .from(ipWhitelistEntries)
    .where(eq(ipWhitelistEntries.customerId, customerId))
  if ((held?.n ?? 0) >= maxWhitelistEntries) {
    const limit = { limit: maxWhitelistEntries }
    return validationFailure([refusal('ip', 'refusal.security.whitelistFull', limit)])
  }
  const [row] = await context.db
    .insert(ipWhitelistEntries)
    .values({ customerId, ...range })
    .onConflictDoNothing()
    .returning()
  if (!row) {
    const reason =
      range.ipFrom === range.ipTo
        ? 'refusal.security.addressWhitelisted'
        : 'refusal.security.rangeWhitelisted'
    return validationFailure([refusal('ip', reason)])
  }
  return rpcOk({ item: whitelistItemView(row) })
}
