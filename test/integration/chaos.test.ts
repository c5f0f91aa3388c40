// The short version of npm run chaos (issue 15, item 7; scripts/chaos/run.ts): the real server
// process (main.ts) killed with SIGKILL at a random moment of concurrent transfers of every
// kind, 8 times on one PGlite folder and 3 times on PostgreSQL when it is here, restarted each
// time; every unanswered request is retried with its key and body and must be answered, the
// last answered ones are sent again and must get their first answer, and the books, balances,
// transfers and rail jobs are checked (scripts/chaos/invariants.ts). Zero violations. The
// long runs (200 cycles) are `npm run chaos`; a kill costs a process start, so the short
// version keeps few (DESIGN.md section 10: the suite under 20 minutes on two cores).
import { inject } from 'vitest'
import { describe, expect, it } from 'vitest'
import { runChaos } from '../../scripts/chaos/run.ts'
import {
  pgliteDatabase,
  postgresDatabase,
  type ChaosDatabase,
} from '../../scripts/chaos/databases.ts'
import { databaseTargets } from './server-harness.ts'

const postgres = databaseTargets().find((target) => target.kind === 'postgres')!

async function chaos(database: ChaosDatabase, cycles: number) {
  try {
    return await runChaos(database, {
      cycles,
      clients: 4,
      maxKillDelayMs: 800,
      resendAnswered: 8,
      seed: 15_007,
      log: () => undefined,
    })
  } finally {
    await database.drop()
  }
}

describe('SIGKILL at random moments of transfer traffic', () => {
  it('PGlite on disk: 8 kills, every request answered once, books intact', async () => {
    const report = await chaos(await pgliteDatabase({ pgliteDump: inject('pgliteSeedDump') }), 8)
    expect(report.violations, report.notes.join('\n')).toEqual({})
    expect(report.requests.answered).toBe(report.requests.sent)
    expect(report.transfersPosted).toBeGreaterThan(0)
    expect(report.jobsRun).toBeGreaterThan(0)
    // Each kill costs a start of the process (about 3 s on an idle machine, 10 s and more on
    // a busy one): the deadline is for a busy machine.
  }, 600_000)

  it.skipIf(postgres.skipReason !== undefined)(
    'PostgreSQL: 3 kills, checked after each',
    async () => {
      const database = await postgresDatabase({
        postgresAdminUrl: postgres.adminUrl!,
        postgresTemplate: postgres.template!,
      })
      const report = await chaos(database, 3)
      expect(report.violations, report.notes.join('\n')).toEqual({})
      expect(report.requests.answered).toBe(report.requests.sent)
      expect(report.jobsRun).toBeGreaterThan(0)
    },
    300_000,
  )
})
