// The IP whitelist of a customer and whether sign-in is limited to it (product-spec sections
// 3 and 6). The mode is stored here; sign-in and every call enforce it (src/server/auth).
import { asc, eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { ipWhitelistEntries, securitySettings } from '../db/schema-security.ts'
import type { components } from '../../generated/api.d.ts'
import { parseIp } from './ip-address.ts'

export type IpWhitelistItem = components['schemas']['IpWhitelistItem']
type EntryRow = typeof ipWhitelistEntries.$inferSelect

/** A whitelist long enough for any office network, short enough to read on one screen. */
export const maxWhitelistEntries = 100

/** A single address has no toIp (product-spec section 3: id, ip, toIp, created). */
export function whitelistItemView(row: EntryRow): IpWhitelistItem {
  return {
    id: row.id,
    ip: row.ipFrom,
    ...(row.ipTo !== row.ipFrom ? { toIp: row.ipTo } : {}),
    created: row.createdAt.toISOString(),
  }
}

/** The entries, oldest first. */
export async function whitelistEntries(db: Db, customerId: number): Promise<EntryRow[]> {
  return db
    .select()
    .from(ipWhitelistEntries)
    .where(eq(ipWhitelistEntries.customerId, customerId))
    .orderBy(asc(ipWhitelistEntries.id))
}

export async function whitelistEnabled(db: Db, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ enabled: securitySettings.ipWhitelistEnabled })
    .from(securitySettings)
    .where(eq(securitySettings.customerId, customerId))
  return row?.enabled ?? false
}

/**
 * Whether an address is inside one of the entries. Node reports IPv4 clients of a dual-stack
 * socket as ::ffff:a.b.c.d, which counts as the IPv4 address.
 */
export function addressListed(entries: Pick<EntryRow, 'ipFrom' | 'ipTo'>[], ip: string): boolean {
  const address = parseIp(ip.startsWith('::ffff:') ? ip.slice('::ffff:'.length) : ip)
  if (!address) return false
  return entries.some((entry) => {
    const from = parseIp(entry.ipFrom)
    const to = parseIp(entry.ipTo ?? entry.ipFrom)
    return (
      from !== undefined &&
      to !== undefined &&
      from.family === address.family &&
      from.value <= address.value &&
      address.value <= to.value
    )
  })
}
