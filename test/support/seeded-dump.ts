// The seeded demo database as a fresh in-memory PGlite: a copy of the global setup's dump
// (test/support/seeded-databases.ts) inside Vitest, or migrated and seeded anew when a script
// outside Vitest starts a portal (scripts/bench/login-bundle.ts).
import { readFileSync } from 'node:fs'
import { inject } from 'vitest'
import { openDatabase, type Database } from '../../src/server/db/open-database.ts'
import { seedDemo } from '../../src/server/demo/seed.ts'

let dump: Blob | undefined

export async function openSeededPglite(): Promise<Database> {
  if (process.env.VITEST) {
    // Read once per test file; every database of the file loads the same bytes.
    dump ??= new Blob([readFileSync(inject('pgliteSeedDump'))])
    return openDatabase({ dataDir: 'memory://', pgliteDump: dump })
  }
  const database = await openDatabase({ dataDir: 'memory://' })
  await seedDemo(database.db)
  return database
}
