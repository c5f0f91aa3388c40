// The drain of src/server/main.ts on SIGTERM (issue 15, shutdown.ts), on the real process:
// it stops accepting connections, answers 503 to a request that arrives on a connection it
// still has (/readyz too, so a load balancer sends elsewhere), finishes the request in flight
// and the job it is running, says goodbye to its realtime sockets with 1001 and exits 0; a
// request that outlasts SHUTDOWN_GRACE_SECONDS gets it to exit 1 instead. Nothing here waits
// a fixed time: each step waits for what the process does.
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { eq } from 'drizzle-orm'
import { openDatabase } from '../../src/server/db/open-database.ts'
import { jobs } from '../../src/server/db/schema-jobs.ts'
import { webhookDeliveryKind } from '../../src/server/events/webhook-delivery.ts'
import { adminQuery, databaseUrl, runScopedName } from '../support/seeded-databases.ts'
import { databaseTargets } from './server-harness.ts'
import { call, signIn, startServerProcess, type ServerProcess } from './server-process.ts'

/** A webhook receiver that holds each delivery until the test lets it answer. */
async function startHoldingReceiver() {
  let arrived!: () => void
  const delivery = new Promise<void>((resolve) => (arrived = resolve))
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  const server: Server = createServer((request, response) => {
    request.resume()
    arrived()
    void released.then(() => response.end('ok'))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('assertion: TCP port')
  return {
    url: `http://127.0.0.1:${address.port}/hook`,
    delivery,
    release,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Everything a raw socket receives until the peer closes it. */
function collect(socket: Socket): { text(): string; ended: Promise<void> } {
  let text = ''
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()))
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  return { text: () => text, ended }
}

/**
 * A POST /rpc/ping whose body has not all arrived: a request in flight for as long as the test
 * likes. It asks for 100 Continue, which the server sends once it has taken the request in.
 */
async function pingInFlight(port: number) {
  const body = `{${' '.repeat(4096)}}`
  const socket = connect(port, '127.0.0.1')
  const received = collect(socket)
  socket.write(
    'POST /rpc/ping HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
  )
  await expect.poll(received.text, { timeout: 30_000 }).toContain('100 Continue')
  socket.write(body.slice(0, 2048))
  return {
    received,
    /** Sends the rest of the body, then more requests on the same connection. */
    finish: (then: string) => socket.write(body.slice(2048) + then),
    destroy: () => socket.destroy(),
  }
}

/** The status codes of the answers on one connection, in order. */
const statusCodes = (text: string) =>
  [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => match[1])

async function refusesConnections(baseUrl: string): Promise<boolean> {
  try {
    await fetch(`${baseUrl}/healthz`)
    return false
  } catch (error) {
    return (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED'
  }
}

/**
 * A database of the process's own: a copy of the seeded PostgreSQL template when PostgreSQL is
 * here (it starts in a moment), else a new PGlite directory (migrated and seeded at start).
 */
interface FreshDatabase {
  env: Record<string, string>
  open(): ReturnType<typeof openDatabase>
  drop(): Promise<void>
}

async function freshDatabase(dir: string, name: string): Promise<FreshDatabase> {
  const postgres = databaseTargets().find((target) => target.kind === 'postgres')
  if (postgres?.adminUrl && postgres.template && !postgres.skipReason) {
    const adminUrl = postgres.adminUrl
    const database = runScopedName(`portal_drain_${name}`)
    await adminQuery(adminUrl, `create database ${database} template ${postgres.template}`)
    const url = databaseUrl(adminUrl, database)
    return {
      env: { DATABASE_URL: url },
      open: () => openDatabase({ databaseUrl: url, dataDir: 'unused' }),
      drop: () => adminQuery(adminUrl, `drop database if exists ${database} with (force)`),
    }
  }
  const dataDir = join(dir, name)
  return {
    env: { DATABASE_URL: '', DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir }),
    drop: async () => undefined,
  }
}

describe('main.ts drains on SIGTERM', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-drain-'))
  const started: ServerProcess[] = []
  const dropped: (() => Promise<void>)[] = []
  const start = async (name: string, env: Record<string, string> = {}) => {
    const database = await freshDatabase(dir, name)
    dropped.push(database.drop)
    const server = await startServerProcess({
      DEMO: 'true',
      JOBS_POLL_INTERVAL_MS: '20',
      ...database.env,
      ...env,
    })
    started.push(server)
    return { server, database }
  }
  afterAll(async () => {
    for (const server of started) await server.stop()
    for (const drop of dropped) await drop()
    rmSync(dir, { recursive: true, force: true })
  })

  it('finishes the request and the job in flight, refuses new ones, then exits 0', async () => {
    const receiver = await startHoldingReceiver()
    const { server, database } = await start('drained')
    // A request in flight, and a realtime socket waiting (for a push sign-in's decision).
    const request = await pingInFlight(server.port)
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}/realtime`)
    const socketClosed = new Promise<number>((resolve) => socket.on('close', resolve))
    await new Promise((resolve) => socket.once('open', resolve))
    const awaiting = new Promise((resolve) => socket.once('message', resolve))
    socket.send(JSON.stringify({ type: 'awaitLogin', code: 'a-code-nobody-decides' }))
    await awaiting
    const token = await signIn(server.baseUrl, 'demo@nova.example')
    const info = await call(server.baseUrl, 'POST', '/rpc/getCustomerInfo', {}, token)
    const customerId = (info.body.customer as { customerId: number }).customerId
    // A new webhook hears webhook.created: a delivery job, which the receiver holds.
    const created = await call(
      server.baseUrl,
      'POST',
      '/public-api/webhook',
      { customerId, name: 'Held', url: receiver.url },
      token,
    )
    expect(created.status).toBe(200)
    await receiver.delivery

    server.child.kill('SIGTERM')
    await expect.poll(() => refusesConnections(server.baseUrl), { timeout: 30_000 }).toBe(true)
    expect(await socketClosed).toBe(1001)
    // The request in flight gets its answer; one sent after it on its connection gets 503.
    request.finish('GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
    await request.received.ended
    expect(statusCodes(request.received.text())).toEqual(['100', '200', '503'])
    expect(request.received.text()).toContain('"responseCode":"00"')
    // The job is still running, so the process waits for it.
    expect(server.child.exitCode).toBeNull()
    receiver.release()
    expect(await server.exited, server.output()).toBe(0)
    await receiver.close()

    const opened = await database.open()
    try {
      const rows = await opened.db.select().from(jobs).where(eq(jobs.kind, webhookDeliveryKind))
      expect(rows.map((row) => [row.attempts, row.doneAt !== null, row.lastError])).toEqual([
        [1, true, null],
      ])
    } finally {
      await opened.close()
    }
  })

  it('gives up after SHUTDOWN_GRACE_SECONDS with exit code 1', async () => {
    // No demo data: this case needs none, and the process starts sooner without.
    const { server } = await start('overdue', { SHUTDOWN_GRACE_SECONDS: '1', DEMO: 'false' })
    const request = await pingInFlight(server.port)
    server.child.kill('SIGTERM')
    expect(await server.exited, server.output()).toBe(1)
    expect(server.output()).toContain('Drain not done after 1 s')
    request.destroy()
  })
})
