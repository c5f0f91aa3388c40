// The request guards cache (docs/decisions.md, "Request guards cache"): what the dispatcher
// checks before every signed-in call - the sign-in not logged out, the customer's IP whitelist,
// pending terms, blocked and permissions - is kept in this process instead of read on every
// request. Database triggers (migration 0022) announce every change to those rows on the
// realtime NOTIFY channel, whoever made it, and every instance forgets what changed when the
// notification arrives; an entry also lapses after a short time, so a notification lost with
// a dropped LISTEN connection cannot keep a stale answer for long. Only answers that let a
// call through are trusted from memory: a refusal is confirmed by the database first.
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customers } from '../db/schema.ts'
import { securitySettings } from '../db/schema-security.ts'
import { whitelistEntries } from '../security/ip-whitelist.ts'
import { nextTermsChangeOf, pendingTermsOf } from '../customer/pending-terms.ts'
import type { RealtimeHub } from '../realtime/hub.ts'

/** The realtime channel the triggers publish guard changes on. */
export const guardsChannel = 'guards'
/** How long an entry is trusted without a notification. */
export const guardsTtlMs = 30_000
/** More entries than this and the cache starts over (a bound, not a working size). */
const maxEntries = 100_000

export interface CustomerGuards {
  /** False for an id that names no customer. */
  exists: boolean
  blocked: boolean
  permissions: Record<string, boolean>
  whitelistEnabled: boolean
  /** The whitelist entries; read only while the mode is on. */
  whitelist: { ipFrom: string; ipTo: string }[]
  termsPending: boolean
  /** The customer's stored language (customers.lang). */
  lang: string
}

/** What a trigger (or this process) says changed. */
export interface GuardChange {
  customerId?: unknown
  familyId?: unknown
  all?: unknown
}

interface Entry<T> {
  value: T
  untilMs: number
}

export class RequestGuards {
  private readonly db: Db
  /** Bumped by every change: a load that started before it does not store its answer. */
  private generation = 0
  private readonly customers = new Map<number, Entry<CustomerGuards>>()
  private readonly loading = new Map<number, Promise<CustomerGuards>>()
  /** Sign-ins (refresh families) known not revoked, until when. */
  private readonly liveFamilies = new Map<string, number>()

  constructor(db: Db) {
    this.db = db
  }

  /** Follows the triggers' notifications; returns the unsubscribe. */
  listen(hub: RealtimeHub): () => void {
    return hub.subscribe(guardsChannel, (message) => this.forget(message as GuardChange))
  }

  forget(change: GuardChange): void {
    this.generation++
    if (change.all === true) {
      this.customers.clear()
      this.loading.clear()
    }
    if (typeof change.customerId === 'number') {
      this.customers.delete(change.customerId)
      this.loading.delete(change.customerId)
    }
    if (typeof change.familyId === 'string') this.liveFamilies.delete(change.familyId)
  }

  /** Every sign-in is checked again (a user's sign-ins all ended). */
  forgetSessions(): void {
    this.generation++
    this.liveFamilies.clear()
  }

  /**
   * The guard data of a customer; concurrent misses share one load. A caller about to refuse
   * on a cached answer asks again with fresh: a refusal is always confirmed by the database,
   * so a change that lets a call through (terms accepted, an address added, the mode off)
   * holds on the next call on every instance, without waiting for its notification.
   */
  async customer(customerId: number, fresh = false): Promise<CustomerGuards> {
    const now = Date.now()
    const hit = this.customers.get(customerId)
    if (hit && hit.untilMs > now && !fresh) return hit.value
    const pending = this.loading.get(customerId)
    if (pending && !fresh) return pending
    const generation = this.generation
    const load = loadCustomerGuards(this.db, customerId, now).then(({ value, untilMs }) => {
      if (this.loading.get(customerId) === load) this.loading.delete(customerId)
      if (generation === this.generation) remember(this.customers, customerId, { value, untilMs })
      return value
    })
    load.catch(() => this.loading.delete(customerId))
    this.loading.set(customerId, load)
    return load
  }

  /** Whether a sign-in is still live; only a live answer is remembered. */
  async familyLive(familyId: string, check: () => Promise<boolean>): Promise<boolean> {
    const now = Date.now()
    if ((this.liveFamilies.get(familyId) ?? 0) > now) return true
    const generation = this.generation
    const live = await check()
    if (live && generation === this.generation)
      remember(this.liveFamilies, familyId, now + guardsTtlMs)
    return live
  }
}

function remember<K, V>(map: Map<K, V>, key: K, value: V): void {
  if (map.size >= maxEntries) map.clear()
  map.set(key, value)
}

/**
 * Reads a customer's guard data. It holds until the TTL, or until a new version of the
 * brand's terms takes effect, whichever comes first.
 */
async function loadCustomerGuards(
  db: Db,
  customerId: number,
  now: number,
): Promise<Entry<CustomerGuards>> {
  const [row] = await db
    .select({
      blockedAt: customers.blockedAt,
      permissions: customers.permissions,
      whitelistEnabled: securitySettings.ipWhitelistEnabled,
      lang: customers.lang,
    })
    .from(customers)
    .leftJoin(securitySettings, eq(securitySettings.customerId, customers.id))
    .where(eq(customers.id, customerId))
  const untilMs = now + guardsTtlMs
  if (!row) {
    const value = {
      exists: false,
      blocked: false,
      permissions: {},
      whitelistEnabled: false,
      whitelist: [],
      termsPending: false,
      lang: '',
    }
    return { value, untilMs }
  }
  const whitelistEnabled = row.whitelistEnabled ?? false
  const at = new Date(now)
  const [whitelist, pending, nextTerms] = await Promise.all([
    whitelistEnabled ? whitelistEntries(db, customerId) : [],
    pendingTermsOf(db, customerId, at),
    nextTermsChangeOf(db, customerId, at),
  ])
  const value = {
    exists: true,
    blocked: row.blockedAt !== null,
    permissions: row.permissions,
    whitelistEnabled,
    whitelist: whitelist.map(({ ipFrom, ipTo }) => ({ ipFrom, ipTo })),
    termsPending: pending.length > 0,
    lang: row.lang,
  }
  return { value, untilMs: Math.min(untilMs, nextTerms?.getTime() ?? untilMs) }
}
