// Demo data only: gives seeded ledger transfers the dates of a believable past, so the demo
// history spans weeks instead of the second the seed ran. The ledger owns every write to its
// tables (DESIGN.md section 3), so the seed asks it here; amounts and statuses are untouched,
// so no balance changes. Never called by a request.
import { inArray } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { ledgerTransfers } from '../db/schema.ts'

export async function backdateDemoTransfers(db: Db, ids: bigint[], at: Date): Promise<void> {
  if (ids.length === 0) return
  await db.update(ledgerTransfers).set({ createdAt: at }).where(inArray(ledgerTransfers.id, ids))
}
