// ipAccessModeSet: turns the IP whitelist on or off for the acting customer (product-spec
// section 6). It is stored only; enforcement at sign-in belongs to the sign-in issue. Turning
// it on needs at least one entry, so the customer cannot lock every address out.
import { count, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, validationFailure } from '../rpc/outcome.ts'
import { ipWhitelistEntries, securitySettings } from '../db/schema-security.ts'

export const handler: Handler<'ipAccessModeSet'> = async (context, input) => {
  const { customerId } = requireSession(context)
  if (input.enable) {
    const [held] = await context.db
      .select({ n: count() })
      .from(ipWhitelistEntries)
      .where(eq(ipWhitelistEntries.customerId, customerId))
    if ((held?.n ?? 0) === 0) {
      const description = 'needs at least one address on the whitelist first'
      return validationFailure([{ parameter: 'enable', description }])
    }
  }
  const values = { customerId, ipWhitelistEnabled: input.enable, updatedAt: new Date() }
  await context.db
    .insert(securitySettings)
    .values(values)
    .onConflictDoUpdate({ target: securitySettings.customerId, set: values })
  return rpcOk({ enabled: input.enable })
}
