// npm run chaos (issue 15, item 7; README "Chaos"): the server killed with SIGKILL at random
// moments of concurrent transfer traffic, restarted, every unanswered request retried with its
// key, and the books checked. On PGlite in a temporary folder, and on a new PostgreSQL
// database when one answers. Settings by argv or environment:
//   --cycles=200 (CHAOS_CYCLES), --clients=4 (CHAOS_CLIENTS),
//   --kill-within-ms=1500 (CHAOS_KILL_WITHIN_MS), --seed=n (CHAOS_SEED),
//   --database=both|pglite|postgres (CHAOS_DATABASE), --postgres-url=... (CHAOS_POSTGRES_URL),
//   --out=bench-results/chaos.json (CHAOS_OUT)
// Prints the figures and the violations by kind, writes the report and exits 1 on any
// violation.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { runChaos, type ChaosReport } from './chaos/run.ts'
import {
  pgliteDatabase,
  postgresAnswers,
  postgresDatabase,
  type ChaosDatabase,
} from './chaos/databases.ts'
import { defaultPostgresUrl } from './postgres-admin.ts'

const root = join(import.meta.dirname, '..')

function setting(name: string, envName: string, fallback: string): string {
  const prefix = `--${name}=`
  const arg = process.argv.find((value) => value.startsWith(prefix))
  return arg?.slice(prefix.length) ?? process.env[envName] ?? fallback
}

function whole(name: string, envName: string, fallback: number): number {
  const value = Number(setting(name, envName, String(fallback)))
  if (!Number.isInteger(value) || value < 1) throw new Error(`chaos: --${name} is a whole number`)
  return value
}

const cycles = whole('cycles', 'CHAOS_CYCLES', 200)
const clients = whole('clients', 'CHAOS_CLIENTS', 4)
const maxKillDelayMs = whole('kill-within-ms', 'CHAOS_KILL_WITHIN_MS', 1500)
const seed = whole('seed', 'CHAOS_SEED', Date.now() % 2 ** 31)
const out = setting('out', 'CHAOS_OUT', 'bench-results/chaos.json')
const which = setting('database', 'CHAOS_DATABASE', 'both')
const postgresUrl = setting('postgres-url', 'CHAOS_POSTGRES_URL', defaultPostgresUrl)

const targets: (() => Promise<ChaosDatabase>)[] = []
if (which !== 'postgres') targets.push(() => pgliteDatabase({}))
if (which !== 'pglite') {
  if (await postgresAnswers(postgresUrl)) {
    targets.push(() => postgresDatabase({ postgresAdminUrl: postgresUrl }))
  } else {
    console.warn(`chaos: no PostgreSQL answered at ${postgresUrl}; PGlite only`)
  }
}

// Ctrl-C or a SIGTERM ends the run through process.exit, so that its server is killed too
// (run.ts); the temporary PGlite folder or PostgreSQL database of that run is left behind.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130))

const reports: ChaosReport[] = []
for (const open of targets) {
  const database = await open()
  console.log(`chaos on ${database.name}: ${cycles} cycles, ${clients} clients, seed ${seed}`)
  try {
    const report = await runChaos(database, {
      cycles,
      clients,
      maxKillDelayMs,
      resendAnswered: clients * 2,
      seed,
      log: (line) => console.log(`  ${line}`),
    })
    reports.push(report)
    print(report)
  } finally {
    await database.drop()
  }
}

function print(report: ChaosReport): void {
  const { requests, violations } = report
  const total = Object.values(violations).reduce((sum, n) => sum + n, 0)
  console.log(
    `${report.database}: ${report.cycles} cycles (SIGKILL each) in ${Math.round(report.durationMs / 1000)} s; ` +
      `requests sent ${requests.sent}, answered ${requests.answered}, retried ${requests.retried}; ` +
      `transfers posted ${report.transfersPosted}, rail jobs run ${report.jobsRun} (${report.jobsRerun} again after a kill); ` +
      `restart to ready ${report.restartMs.mean} ms on average, ${report.restartMs.max} ms at most`,
  )
  console.log(`  violations: ${total}${total ? ` ${JSON.stringify(violations)}` : ''}`)
  for (const note of report.notes) console.log(`  ${note}`)
}

mkdirSync(dirname(resolve(root, out)), { recursive: true })
writeFileSync(
  resolve(root, out),
  JSON.stringify({ measuredAt: new Date().toISOString(), reports }, null, 2),
)
const broken = reports.some((report) => Object.keys(report.violations).length > 0)
process.exitCode = broken ? 1 : 0
