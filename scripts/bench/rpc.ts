// Budget (issue 15): POST /rpc/ping >= 0.8x a bare node:http JSON handler's req/s; a
// signed-in balanceInquiry >= 5,000 req/s with p99 <= 20 ms at 100 connections on
// PostgreSQL (the PGlite figure is printed as well). The bare handler and each server under
// test run in processes of their own (rpc-bare.ts, rpc-server.ts); autocannon runs here.
// A bare Fastify route (rpc-bare-fastify.ts) is measured too, so that the gap splits into
// the framework's share and the portal's.
// PostgreSQL is TEST_DATABASE_URL or the local default when it answers; the bench creates a
// database of its own there and drops it after. Run on demand: `npm run bench:rpc`; writes
// bench-results/rpc.json. The machine may be shared: compare the ratios of one run.
import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { adminQuery, benchPostgresUrl } from '../postgres-admin.ts'
import { startChild, stop } from './server-process.ts'

const root = join(import.meta.dirname, '../..')
const budget = { pingToBare: 0.8, balanceRequestsPerSecond: 5000, balanceP99Ms: 20 }
const durationSeconds = Number(process.env.BENCH_DURATION_S ?? 10)
const warmupSeconds = 2
const pingConnections = 50
const balanceConnections = 100

interface Figures {
  connections: number
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  errors: number
  non2xx: number
}

async function load(
  url: string,
  connections: number,
  headers: Record<string, string>,
  body: string,
): Promise<Figures> {
  const options = { url, connections, method: 'POST', headers, body }
  await autocannon({ ...options, duration: warmupSeconds })
  const result = await autocannon({ ...options, duration: durationSeconds })
  return {
    connections,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}

const json = { 'content-type': 'application/json' }

async function bare(script = 'rpc-bare.ts'): Promise<Figures> {
  const started = await startChild(script, {})
  try {
    return await load(`http://127.0.0.1:${started.port}/`, pingConnections, json, '{}')
  } finally {
    await stop(started.child)
  }
}

/** The answer must be 00: a benchmark of refusals would measure nothing. */
async function checkAnswers(base: string, token: string): Promise<void> {
  for (const [path, headers] of [
    ['/rpc/ping', json],
    ['/rpc/balanceInquiry', { ...json, authorization: `Bearer ${token}` }],
  ] as const) {
    const reply = await fetch(`${base}${path}`, { method: 'POST', headers, body: '{}' })
    const body = (await reply.json()) as { responseCode?: string }
    if (body.responseCode !== '00') throw new Error(`${path} answered ${JSON.stringify(body)}`)
  }
}

async function server(databaseUrl: string | undefined) {
  const started = await startChild('rpc-server.ts', {
    NODE_ENV: 'production',
    DEMO: 'true',
    ACCESS_TOKEN_TTL_SECONDS: '3600',
    DATABASE_URL: databaseUrl ?? '',
  })
  try {
    const base = `http://127.0.0.1:${started.port}`
    const token = started.token ?? ''
    await checkAnswers(base, token)
    const ping = await load(`${base}/rpc/ping`, pingConnections, json, '{}')
    const signedIn = { ...json, authorization: `Bearer ${token}` }
    const balanceInquiry = await load(
      `${base}/rpc/balanceInquiry`,
      balanceConnections,
      signedIn,
      '{}',
    )
    return { ping, balanceInquiry }
  } finally {
    await stop(started.child)
  }
}

async function onPostgres(adminUrl: string) {
  const name = `bench_rpc_${randomBytes(4).toString('hex')}`
  await adminQuery(adminUrl, `create database ${name}`)
  try {
    const url = new URL(adminUrl)
    url.pathname = `/${name}`
    return await server(url.toString())
  } finally {
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`)
  }
}

const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100
const row = (name: string, figures: Figures) =>
  `${name.padEnd(34)} ${String(figures.requestsPerSecond).padStart(7)} req/s  ` +
  `p50 ${String(figures.p50Ms).padStart(4)} ms  p99 ${String(figures.p99Ms).padStart(4)} ms` +
  (figures.errors + figures.non2xx > 0
    ? `  (${figures.errors} errors, ${figures.non2xx} non-2xx)`
    : '')

const bareFigures = await bare()
console.log(row(`bare node:http (${pingConnections} conn.)`, bareFigures))
const bareFastify = await bare('rpc-bare-fastify.ts')
console.log(row(`bare Fastify (${pingConnections} conn.)`, bareFastify))
console.log(
  `bare Fastify / bare node:http = ${ratio(bareFastify.requestsPerSecond, bareFigures.requestsPerSecond)}`,
)
const pgUrl = await benchPostgresUrl()
const results: Record<string, Awaited<ReturnType<typeof server>>> = {}
results.pglite = await server(undefined)
if (pgUrl) results.postgres = await onPostgres(pgUrl)
else console.log('PostgreSQL does not answer: its figures are left out.')

const summary: Record<string, unknown> = {}
for (const [target, figures] of Object.entries(results)) {
  const pingRatio = ratio(figures.ping.requestsPerSecond, bareFigures.requestsPerSecond)
  console.log(row(`${target} /rpc/ping (${pingConnections} conn.)`, figures.ping))
  console.log(row(`${target} balanceInquiry (${balanceConnections} conn.)`, figures.balanceInquiry))
  console.log(
    `${target}: ping / bare = ${pingRatio} (budget >= ${budget.pingToBare}); ` +
      `ping / bare Fastify = ${ratio(figures.ping.requestsPerSecond, bareFastify.requestsPerSecond)}`,
  )
  summary[target] = {
    ...figures,
    pingToBare: pingRatio,
    balanceToBare: ratio(figures.balanceInquiry.requestsPerSecond, bareFigures.requestsPerSecond),
  }
}
const postgres = results.postgres
if (postgres) {
  const { requestsPerSecond, p99Ms } = postgres.balanceInquiry
  const met = requestsPerSecond >= budget.balanceRequestsPerSecond && p99Ms <= budget.balanceP99Ms
  console.log(
    `postgres balanceInquiry: ${requestsPerSecond} req/s, p99 ${p99Ms} ms ` +
      `(budget >= ${budget.balanceRequestsPerSecond} req/s, p99 <= ${budget.balanceP99Ms} ms): ` +
      (met ? 'met' : 'NOT met'),
  )
}
mkdirSync(join(root, 'bench-results'), { recursive: true })
writeFileSync(
  join(root, 'bench-results/rpc.json'),
  `${JSON.stringify(
    {
      when: new Date().toISOString(),
      machine: { cpus: cpus().length, loadavg: loadavg() },
      durationSeconds,
      budget,
      bare: bareFigures,
      bareFastify,
      ...summary,
    },
    null,
    2,
  )}\n`,
)
console.log('Written: bench-results/rpc.json')
