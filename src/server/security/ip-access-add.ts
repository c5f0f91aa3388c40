// ipAccessAdd: the "Add IP to whitelist" popup (product-spec section 2): one IPv4 or IPv6
// address, or a range from ip to toIp, stored in normal form so one address is listed once.
import { count, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, validationFailure } from '../rpc/outcome.ts'
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
    const description = `cannot be added: the whitelist holds at most ${maxWhitelistEntries} entries`
    return validationFailure([{ parameter: 'ip', description }])
  }
  const [row] = await context.db
    .insert(ipWhitelistEntries)
    .values({ customerId, ...range })
    .onConflictDoNothing()
    .returning()
  if (!row) {
    const what = range.ipFrom === range.ipTo ? 'this address' : 'this range'
    return validationFailure([
      { parameter: 'ip', description: `is already on the whitelist as ${what}` },
    ])
  }
  return rpcOk({ item: whitelistItemView(row) })
}
