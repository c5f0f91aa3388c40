// ipAccessDelete: removes one whitelist entry of the acting customer. The last entry stays
// while the whitelist is on, since an empty enforced whitelist would let nobody sign in.
import { and, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, validationFailure } from '../rpc/outcome.ts'
import { ipWhitelistEntries } from '../db/schema-security.ts'
import { whitelistEnabled, whitelistEntries } from './ip-whitelist.ts'

export const handler: Handler<'ipAccessDelete'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const entries = await whitelistEntries(context.db, customerId)
  if (!entries.some((entry) => entry.id === input.id)) {
    return validationFailure([
      { parameter: 'id', description: 'is not an entry of your whitelist' },
    ])
  }
  if (entries.length === 1 && (await whitelistEnabled(context.db, customerId))) {
    const description = 'is the last entry; turn the whitelist off before removing it'
    return validationFailure([{ parameter: 'id', description }])
  }
  await context.db
    .delete(ipWhitelistEntries)
    .where(and(eq(ipWhitelistEntries.id, input.id), eq(ipWhitelistEntries.customerId, customerId)))
  return rpcOk()
}
