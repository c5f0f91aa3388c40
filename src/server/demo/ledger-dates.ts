// Demo data only: gives seeded ledger transfers the dates of a believable past, so the demo
// history spans weeks instead of the second the seed ran. The ledger owns every write to its
// tables (DESIGN.md section 3); this is the one exception, kept here so that a production
// process never loads a way to backdate a transfer (main.ts imports demo/ only when DEMO is
// on). Amounts and statuses are untouched, so no balance changes.
import { inArray } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { ledgerTransfers } from '../db/schema-ledger.ts'

export async function backdateDemoTransfers(db: Db, ids: bigint[], at: Date): Promise<void> {
  if (ids.length === 0) return
  await db.update(ledgerTransfers).set({ createdAt: at }).where(inArray(ledgerTransfers.id, ids))
}
