// The probes of issue 15 (DESIGN.md section 11): /healthz says the process is alive without the
// database; /readyz says traffic may come, only when the database answers and holds every
// migration of this build, and otherwise 503 with the reason a load balancer's log shows.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { databaseTargets, startServer, type TestServer } from './server-harness.ts'

const journal = JSON.parse(
  readFileSync(
    join(import.meta.dirname, '../../src/server/db/migrations/meta/_journal.json'),
    'utf8',
  ),
) as { entries: unknown[] }

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    const get = async (path: string) => {
      const response = await fetch(`${server.baseUrl}${path}`)
      return { status: response.status, body: (await response.json()) as Record<string, unknown> }
    }

    it('answers /healthz alive', async () => {
      expect(await get('/healthz')).toEqual({ status: 200, body: { status: 'alive' } })
    })

    it('answers /readyz ready with every migration of the build applied', async () => {
      const count = journal.entries.length
      expect(count).toBeGreaterThan(20)
      expect(await get('/readyz')).toEqual({
        status: 200,
        body: { status: 'ready', migrations: { expected: count, applied: count } },
      })
    })

    it('answers 503 migrationsPending when the database lacks a migration of the build', async () => {
      const [last] = (
        (await server.db.execute(
          sql`select id from drizzle.__drizzle_migrations order by id desc limit 1`,
        )) as unknown as { rows: { id: number }[] }
      ).rows
      await server.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`)
      const count = journal.entries.length
      expect(await get('/readyz')).toEqual({
        status: 503,
        body: {
          status: 'notReady',
          reason: 'migrationsPending',
          migrations: { expected: count, applied: count - 1 },
        },
      })
      // Alive all the same: a supervisor must not restart it for that.
      expect((await get('/healthz')).status).toBe(200)
    })
  })
}
