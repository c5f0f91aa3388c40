// One chaos run (issue 15, item 7; README "Chaos"): the real server on one database, clients
// sending every kind of transfer with idempotency keys, SIGKILL at a random moment of the
// traffic, a restart, every unanswered request sent again with its key and body, and the
// ledger checked. PostgreSQL is checked after every kill; a PGlite folder only at the end
// (the killed folder must be reopened by the server, never first by the checker). At the end
// the jobs get their time (the rail's payouts all end: demo@'s pending amounts are back to
// where they started), the server stops and the end's checks run.
import { createServer } from 'node:net'
import { endViolations, ledgerViolations, runFigures, totals } from './invariants.ts'
import { kill, startServer, stop, type Running } from './server.ts'
import { Clients, newTally, violation, type Tally } from './traffic-run.ts'
import type { ChaosDatabase } from './databases.ts'

export interface ChaosOptions {
  cycles: number
  /** Concurrent clients during a cycle's traffic. */
  clients: number
  /** The kill comes at a random moment from 0 to this many ms after the traffic starts. */
  maxKillDelayMs: number
  /** Answered requests of a cycle sent once more after the restart (the last ones). */
  resendAnswered: number
  seed: number
  log(line: string): void
}

export interface ChaosReport {
  database: string
  seed: number
  cycles: number
  requests: { sent: number; answered: number; retried: number }
  transfersPosted: number
  jobsRun: number
  /** Rail jobs done on a later attempt: claimed by a killed process, run again after the lease. */
  jobsRerun: number
  /** From spawning the killed server's successor to its /readyz answering 200. */
  restartMs: { mean: number; max: number }
  violations: Record<string, number>
  notes: string[]
  durationMs: number
}

function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

function add(tally: Tally, found: Record<string, number>, when: string): void {
  for (const [kind, n] of Object.entries(found)) {
    for (let i = 0; i < n; i++) violation(tally, kind, when)
  }
}

/** The server's settings: jobs polled often, short leases, the rail settling at once. */
function serverEnv(database: ChaosDatabase, port: number): Record<string, string> {
  return {
    ...database.env,
    DEMO: 'true',
    PORT: String(port),
    HOST: '127.0.0.1',
    PORTAL_DIR: 'no-portal-in-chaos',
    LOG_LEVEL: 'silent',
    RAIL_SETTLE_SECONDS: '0',
    JOBS_POLL_INTERVAL_MS: '20',
    JOBS_LEASE_MS: '1000',
    RATE_LIMIT_FACTOR: '1000',
    ACCESS_TOKEN_TTL_SECONDS: '86400',
  }
}

export async function runChaos(
  database: ChaosDatabase,
  options: ChaosOptions,
): Promise<ChaosReport> {
  const started = Date.now()
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const env = serverEnv(database, port)
  const restarts: number[] = []
  const start = async () => {
    const begun = Date.now()
    const running = await startServer(env, baseUrl, 180_000)
    restarts.push(Date.now() - begun)
    // A run that ends early (an error, Ctrl-C through chaos.ts) leaves no server behind.
    const orphan = () => running.child.kill('SIGKILL')
    process.once('exit', orphan)
    void running.exited.then(() => process.off('exit', orphan))
    return running
  }
  const tally = newTally()
  const next = random(options.seed)
  const clients = new Clients(baseUrl, tally, next)
  // The books to compare with, read at rest: before the first start when the database came
  // seeded (a PGlite folder is then free), else once the server has seeded it.
  const atRest = async () => {
    const books = await database.read(totals)
    add(tally, await database.read((query) => ledgerViolations(query, books)), 'before the run')
    return books
  }
  let baseline = database.seeded ? await atRest() : undefined
  let server: Running = await start()
  await clients.signInAll()
  const pendingAtStart = await clients.pendingAmounts('demo@nova.example')
  if (!baseline) {
    if (!database.readsWhileRunning) await stop(server)
    baseline = await atRest()
  }
  restarts.length = 0
  for (let cycle = 1; cycle <= options.cycles; cycle++) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) server = await start()
    await clients.retry(options.resendAnswered, options.clients)
    await cycleTraffic(clients, server, options, next)
    if (database.readsWhileRunning) {
      add(tally, await database.read((q) => ledgerViolations(q, baseline)), `cycle ${cycle}`)
    }
    if (cycle % 10 === 0 || cycle === options.cycles) {
      options.log(
        `cycle ${cycle}: ${tally.sent} sent, ${tally.answered} answered, ${tally.retried} retried`,
      )
    }
  }
  server = await start()
  await clients.retry(options.resendAnswered, options.clients)
  await jobsEnd(clients, pendingAtStart, tally)
  await stop(server)
  const end = await database.read(async (query) => ({
    ledger: await ledgerViolations(query, baseline),
    end: await endViolations(query, tally.orders),
    figures: await runFigures(query),
  }))
  add(tally, { ...end.ledger, ...end.end }, 'at the end')
  return {
    database: database.name,
    seed: options.seed,
    cycles: options.cycles,
    requests: { sent: tally.sent, answered: tally.answered, retried: tally.retried },
    transfersPosted: end.figures.posted,
    jobsRun: end.figures.jobsRun,
    jobsRerun: end.figures.jobsRerun,
    restartMs: {
      mean: Math.round(restarts.reduce((sum, ms) => sum + ms, 0) / restarts.length),
      max: Math.max(...restarts),
    },
    violations: tally.violations,
    notes: tally.notes,
    durationMs: Date.now() - started,
  }
}

/** The clients send until the kill, which comes at a random moment of the traffic. */
async function cycleTraffic(
  clients: Clients,
  server: Running,
  options: ChaosOptions,
  next: () => number,
): Promise<void> {
  let killed = false
  const traffic = Array.from({ length: options.clients }, () => clients.client(() => killed))
  await new Promise((resolve) => setTimeout(resolve, next() * options.maxKillDelayMs))
  killed = true
  await kill(server)
  await Promise.all(traffic)
}

/**
 * Waits (up to a minute) until the rail has ended every payout: demo@'s pending amounts are
 * what they were before the run. A payout whose job was lost never gets there; the end's
 * check then names it.
 */
async function jobsEnd(clients: Clients, pendingAtStart: string, tally: Tally): Promise<void> {
  const deadline = Date.now() + 60_000
  let pending = await clients.pendingAmounts('demo@nova.example')
  while (pending !== pendingAtStart && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    pending = await clients.pendingAmounts('demo@nova.example')
  }
  if (pending !== pendingAtStart) {
    tally.notes.push(`payouts still pending after a minute: ${pending} (was ${pendingAtStart})`)
  }
}
