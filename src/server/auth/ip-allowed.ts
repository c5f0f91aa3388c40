// The IP whitelist, enforced (product-spec section 6: a per-customer security setting). With
// the mode on, a customer's users may sign in and call the API only from a whitelisted
// address or range; the settings screens (src/server/security/) store the list and the mode.
import { parseIp } from '../security/ip-address.ts'
import { whitelistEnabled, whitelistEntries } from '../security/ip-whitelist.ts'
import type { Db } from '../db/open-database.ts'

export function ipRefusedMessage(ip: string): string {
  return `Access from ${ip} is not allowed: this account only accepts its whitelisted IP addresses.`
}

/** True when the mode is off or the address is inside one of the entries. */
export async function ipAllowed(db: Db, customerId: number, ip: string): Promise<boolean> {
  if (!(await whitelistEnabled(db, customerId))) return true
  // Node reports IPv4 clients of a dual-stack socket as ::ffff:a.b.c.d.
  const address = parseIp(ip.startsWith('::ffff:') ? ip.slice('::ffff:'.length) : ip)
  if (!address) return false
  const entries = await whitelistEntries(db, customerId)
  return entries.some((entry) => {
    const from = parseIp(entry.ipFrom)
    const to = parseIp(entry.ipTo)
    return (
      from !== undefined &&
      to !== undefined &&
      from.family === address.family &&
      from.value <= address.value &&
      address.value <= to.value
    )
  })
}
