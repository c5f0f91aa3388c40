// The database of a chaos run: PGlite in a new temporary folder (opened by this process only
// while the server is not running: one PGlite folder has one user at a time), or a new
// PostgreSQL database created for the run and dropped after it (read over a connection of its
// own at any moment).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import type { Query } from './invariants.ts'
import { adminQuery, postgresAnswers } from '../postgres-admin.ts'

export { postgresAnswers }

export interface ChaosDatabase {
  name: 'pglite' | 'postgres'
  /** What the server process needs to open it. */
  env: Record<string, string>
  /** True when it starts as a copy of a seeded database (the server then seeds nothing). */
  seeded: boolean
  /** True when the checker may read while the server runs (PostgreSQL). */
  readsWhileRunning: boolean
  /** Runs work over a read connection; for PGlite only while no server holds the folder. */
  read<T>(work: (query: Query) => Promise<T>): Promise<T>
  drop(): Promise<void>
}

export interface DatabaseChoice {
  /** postgres://... of a server where the run may create and drop a database. */
  postgresAdminUrl?: string
  /** A seeded database to copy (CREATE DATABASE ... TEMPLATE), else the server seeds. */
  postgresTemplate?: string
  /** A file with a PGlite dump of a seeded database to start from, else the server seeds. */
  pgliteDump?: string
}

export async function pgliteDatabase(choice: DatabaseChoice): Promise<ChaosDatabase> {
  const { PGlite } = await import('@electric-sql/pglite')
  const dir = mkdtempSync(join(tmpdir(), 'portal-chaos-'))
  const dataDir = join(dir, 'pglite')
  if (choice.pgliteDump) {
    const dump = new Blob([readFileSync(choice.pgliteDump)])
    const client = new PGlite(dataDir, { loadDataDir: dump })
    await client.close()
  }
  return {
    name: 'pglite',
    env: { DATABASE_URL: '', DATA_DIR: dataDir },
    seeded: choice.pgliteDump !== undefined,
    readsWhileRunning: false,
    async read(work) {
      const client = new PGlite(dataDir)
      try {
        return await work(async (text) => (await client.query<Record<string, unknown>>(text)).rows)
      } finally {
        await client.close()
      }
    },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  }
}

export async function postgresDatabase(choice: DatabaseChoice): Promise<ChaosDatabase> {
  const adminUrl = choice.postgresAdminUrl!
  const name = `portal_chaos_${process.pid}_${randomBytes(4).toString('hex')}`
  const template = choice.postgresTemplate ? ` template ${choice.postgresTemplate}` : ''
  await adminQuery(adminUrl, `create database ${name}${template}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const client = new pg.Client({ connectionString: url.toString() })
  await client.connect()
  return {
    name: 'postgres',
    env: { DATABASE_URL: url.toString() },
    seeded: choice.postgresTemplate !== undefined,
    readsWhileRunning: true,
    read: (work) => work(async (text) => (await client.query(text)).rows),
    async drop() {
      await client.end()
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`)
    },
  }
}

/** Whether a PostgreSQL server answers at the URL within two seconds. */
