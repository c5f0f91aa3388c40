// readinessCheck (GET /readyz): traffic may come here when a query reaches the database and it
// holds exactly the migrations this build ships (drizzle's journal in db/migrations). An
// instance of an older build beside a migrated database, or a newer one before its migrations
// ran, answers 503 with the reason and both counts.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { rowsOf } from '../db/raw-rows.ts'

const journal = JSON.parse(
  readFileSync(join(import.meta.dirname, '../db/migrations/meta/_journal.json'), 'utf8'),
) as { entries: unknown[] }
const expected = journal.entries.length

export const handler: Handler<'readinessCheck'> = async (context) => {
  let applied: number
  try {
    await context.db.execute(sql`select 1`)
  } catch {
    return reply<'readinessCheck', 503>(503, {
      status: 'notReady',
      reason: 'databaseUnreachable',
    })
  }
  try {
    const [row] = rowsOf<{ applied: number }>(
      await context.db.execute(
        sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
      ),
    )
    applied = Number(row?.applied ?? 0)
  } catch {
    return reply<'readinessCheck', 503>(503, { status: 'notReady', reason: 'migrationsUnknown' })
  }
  const migrations = { expected, applied }
  if (applied !== expected) {
    return reply<'readinessCheck', 503>(503, {
      status: 'notReady',
      reason: 'migrationsPending',
      migrations,
    })
  }
  return reply<'readinessCheck', 200>(200, { status: 'ready', migrations })
}
