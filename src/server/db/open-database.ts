// Opens the one database: PGlite in a folder by default, PostgreSQL when a URL is given.
// Both get the same Drizzle schema and the same migrations, applied before anything runs.
import { mkdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import * as schema from './schema.ts'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  close(): Promise<void>
}

const migrationsFolder = join(import.meta.dirname, 'migrations')

export interface DatabaseOptions {
  /** postgres://... selects PostgreSQL; otherwise PGlite stores its files in dataDir. */
  databaseUrl?: string | undefined
  /** A folder for PGlite, or 'memory://' for a throwaway database (tests). */
  dataDir: string
  /**
   * A PGlite data-directory dump (PGlite's dumpDataDir) to start an in-memory database from:
   * the test suites copy one migrated and seeded database instead of building each anew.
   */
  pgliteDump?: Blob | undefined
  /**
   * Runs after the migrations and under the same lock (the demo seed of main.ts): instances
   * started together on one PostgreSQL database migrate and prepare it one at a time.
   */
  prepare?: ((db: Db) => Promise<void>) | undefined
}

/** The advisory lock instances take while they migrate; any constant of this application. */
const startupLockKey = 7_305_115

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.prepare)
  const database = await openPglite(options.dataDir, options.pgliteDump)
  await options.prepare?.(database.db)
  return database
}

async function openPglite(dataDir: string, dump: Blob | undefined): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  const inMemory = dataDir.startsWith('memory://')
  if (!inMemory) {
    // PGlite needs its parent folder to exist before it creates its own.
    mkdirSync(dirname(resolve(dataDir)), { recursive: true })
  }
  const client = inMemory
    ? new PGlite(dump ? { loadDataDir: dump } : {})
    : new PGlite(resolve(dataDir), dump ? { loadDataDir: dump } : {})
  const db = drizzle({ client, schema })
  await migrate(db, { migrationsFolder })
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() }
}

async function openPostgres(url: string, prepare: DatabaseOptions['prepare']): Promise<Database> {
  const { default: pg } = await import('pg')
  const { drizzle } = await import('drizzle-orm/node-postgres')
  const { migrate } = await import('drizzle-orm/node-postgres/migrator')
  // bigint columns come back as strings by default; Drizzle's bigint mode converts them.
  const pool = new pg.Pool({ connectionString: url, max: 20 })
  // An idle connection the server closes (restart, failover) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (error) => console.error(`postgres: idle connection lost: ${error.message}`))
  const db = drizzle({ client: pool, schema })
  // The lock is a session's: one connection holds it while the others do the work.
  const lock = await pool.connect()
  try {
    await lock.query('select pg_advisory_lock($1)', [startupLockKey])
    try {
      await migrate(drizzle({ client: lock, schema }), { migrationsFolder })
      await prepare?.(db as unknown as Db)
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [startupLockKey])
    }
  } finally {
    lock.release()
  }
  return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() }
}
