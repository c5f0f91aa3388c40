// ipAccessModeSet: turns the IP whitelist on or off for the acting customer (product-spec
// section 6); sign-in and every call enforce it. Turning it on needs at least one entry, and
// one that holds the address the customer is using, so nobody locks themselves out.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { securitySettings } from '../db/schema-security.ts'
import { addressListed, whitelistEntries } from './ip-whitelist.ts'

export const handler: Handler<'ipAccessModeSet'> = async (context, input) => {
  const { customerId } = requireSession(context)
  if (input.enable) {
    const entries = await whitelistEntries(context.db, customerId)
    if (entries.length === 0) {
      const description = 'refusal.security.whitelistEmpty'
      return validationFailure([refusal('enable', description)])
    }
    if (!addressListed(entries, context.ip)) {
      return validationFailure([refusal('enable', 'refusal.security.lockout', { ip: context.ip })])
    }
  }
  const values = { customerId, ipWhitelistEnabled: input.enable, updatedAt: new Date() }
  await context.db
    .insert(securitySettings)
    .values(values)
    .onConflictDoUpdate({ target: securitySettings.customerId, set: values })
  return rpcOk({ enabled: input.enable })
}
