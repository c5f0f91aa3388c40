// Serialises the changes of one merchant that must see each other: moving the default logo,
// issuing a signing key, charging an identity fee under an idempotency key. A transaction-level
// advisory lock needs no row to exist yet (a merchant's first logo or first settings) and is
// released at commit or rollback.
import { sql } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'

export type MerchantLockScope = 'logos' | 'pbn-settings' | 'ipn-settings' | 'identity-verifications'

/** Call inside a transaction; waits for another transaction holding the same lock. */
export async function lockMerchant(
  tx: Db,
  scope: MerchantLockScope,
  customerId: number,
): Promise<void> {
  const key = `merchant:${scope}:${customerId}`
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`)
}
