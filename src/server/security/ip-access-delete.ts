// ipAccessDelete: removes one whitelist entry of the acting customer. The last entry stays
// while the whitelist is on, and so does the one holding the caller's own address: an
// enforced whitelist without it would lock them out.
import { and, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { ipWhitelistEntries } from '../db/schema-security.ts'
import { addressListed, whitelistEnabled, whitelistEntries } from './ip-whitelist.ts'

export const handler: Handler<'ipAccessDelete'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const entries = await whitelistEntries(context.db, customerId)
  if (!entries.some((entry) => entry.id === input.id)) {
    return validationFailure([refusal('id', 'refusal.security.notWhitelistEntry')])
  }
  if (await whitelistEnabled(context.db, customerId)) {
    const rest = entries.filter((entry) => entry.id !== input.id)
    if (rest.length === 0) {
      const description = 'refusal.security.lastWhitelistEntry'
      return validationFailure([refusal('id', description)])
    }
    if (!addressListed(rest, context.ip)) {
      return validationFailure([refusal('id', 'refusal.security.lockout', { ip: context.ip })])
    }
  }
  await context.db
    .delete(ipWhitelistEntries)
    .where(and(eq(ipWhitelistEntries.id, input.id), eq(ipWhitelistEntries.customerId, customerId)))
  return rpcOk()
}
