// The IP whitelist, enforced (product-spec section 6: a per-customer security setting). With
// the mode on, a customer's users may sign in and call the API only from a whitelisted
// address or range; the settings screens (src/server/security/) store the list and the mode.
import { addressListed, whitelistEnabled, whitelistEntries } from '../security/ip-whitelist.ts'
import type { Db } from '../db/open-database.ts'

/** True when the mode is off or the address is inside one of the entries. */
export async function ipAllowed(db: Db, customerId: number, ip: string): Promise<boolean> {
  if (!(await whitelistEnabled(db, customerId))) return true
  return addressListed(await whitelistEntries(db, customerId), ip)
}
