// Vitest global setup: builds the migrated, seeded demo database once per run, so every suite
// starts from a copy instead of migrating and seeding its own (about 3 s each, some 200 times
// a run). PGlite gets a data-directory dump that each test loads; PostgreSQL gets a template
// database that each test copies with CREATE DATABASE ... TEMPLATE. The copies are byte for
// byte the database seedDemo writes, so the suites see exactly the rows they saw before.
import { randomBytes } from 'node:crypto'
import { rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../src/server/db/open-database.ts'
import { seedDemo } from '../../src/server/demo/seed.ts'
import { adminQuery, defaultPostgresUrl } from '../../scripts/postgres-admin.ts'

export { adminQuery }

export { defaultPostgresUrl }
const probeTimeoutMs = 2_000

export interface PostgresProbe {
  /** An administrative URL; each test database is created through it. */
  url?: string
  /** The seeded database the tests copy. */
  template?: string
  skipReason?: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: PostgresProbe
    /** A file holding the PGlite dump of the seeded database. */
    pgliteSeedDump: string
  }
}

/**
 * An explicit TEST_DATABASE_URL is used as given (CI sets it, so an unreachable server must
 * fail the run, not skip it); otherwise the usual local server is tried for two seconds.
 */
async function probePostgres(): Promise<PostgresProbe> {
  const explicit = process.env.TEST_DATABASE_URL
  if (explicit) return { url: explicit }
  const client = new pg.Client({
    connectionString: defaultPostgresUrl,
    connectionTimeoutMillis: probeTimeoutMs,
  })
  try {
    await client.connect()
    await client.query('select 1')
    return { url: defaultPostgresUrl }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return {
      skipReason:
        `no PostgreSQL at ${defaultPostgresUrl} (${reason}); ` +
        'set TEST_DATABASE_URL or start one (.ci/run does) to run this suite',
    }
  } finally {
    await client.end().catch(() => undefined)
  }
}

/** A database name of this run: another run on the same server never meets it. */
export function runScopedName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

async function pgliteSeedDump(): Promise<Uint8Array> {
  const database = await openDatabase({ dataDir: 'memory://' })
  try {
    await seedDemo(database.db)
    // Drizzle keeps the PGlite client it was given; only PGlite can dump itself.
    const client = (
      database.db as unknown as {
        $client: { query(sql: string): Promise<unknown>; dumpDataDir(c: 'none'): Promise<Blob> }
      }
    ).$client
    // A dump of a running database loads as after a crash: a sequence would resume from the
    // value it logged ahead (up to 32 further), and the ids the tests expect would move. The
    // checkpoint writes the sequences' real positions first.
    await client.query('checkpoint')
    return new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer())
  } finally {
    await database.close()
  }
}

async function postgresTemplate(adminUrl: string): Promise<string> {
  const name = runScopedName('portal_seed')
  await adminQuery(adminUrl, `create database ${name}`)
  try {
    const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), dataDir: '' })
    try {
      await seedDemo(database.db)
    } finally {
      // A template must have no open connection when it is copied.
      await database.close()
    }
  } catch (error) {
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`)
    throw error
  }
  return name
}

/**
 * The PGlite dump and the PostgreSQL template are seeded side by side: PGlite works in this
 * process while PostgreSQL works in its own, so the run waits for the longer of the two only.
 */
async function seedBoth(): Promise<{ postgres: PostgresProbe; dump: Uint8Array }> {
  const probing = probePostgres()
  const templating = probing.then((probe) => (probe.url ? postgresTemplate(probe.url) : undefined))
  const [probe, dump, template] = await Promise.allSettled([probing, pgliteSeedDump(), templating])
  if (probe.status === 'rejected') throw probe.reason
  if (dump.status === 'rejected' || template.status === 'rejected') {
    if (probe.value.url && template.status === 'fulfilled' && template.value)
      await adminQuery(probe.value.url, `drop database if exists ${template.value} with (force)`)
    throw dump.status === 'rejected' ? dump.reason : (template as PromiseRejectedResult).reason
  }
  const postgres = template.value ? { ...probe.value, template: template.value } : probe.value
  return { postgres, dump: dump.value }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dumpFile = join(tmpdir(), `${runScopedName('portal-seed')}.tar`)
  const { postgres, dump } = await seedBoth()
  writeFileSync(dumpFile, dump)
  project.provide('postgres', postgres)
  project.provide('pgliteSeedDump', dumpFile)
  return async () => {
    rmSync(dumpFile, { force: true })
    if (postgres.url && postgres.template) {
      await adminQuery(postgres.url, `drop database if exists ${postgres.template} with (force)`)
    }
  }
}
