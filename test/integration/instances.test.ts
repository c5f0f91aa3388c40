// Two server processes on one PostgreSQL database (issue 15, "Several instances"; README,
// "Several instances"): both start at once on an empty database and take turns to migrate
// and seed it; an event raised through one reaches a browser connected to the other; each
// job (a webhook delivery, a rail settlement) runs once though both workers poll; failed
// passwords and codes are counted across both.
// PostgreSQL only: two processes cannot share a PGlite directory.
import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { totpAt } from '../../src/server/auth/totp.ts'
import { demoTotpSecret } from '../../src/server/demo/auth.ts'
import { builtInRailJobKind } from '../../src/server/adapters/rail/built-in-rail.ts'
import { webhookDeliveryKind } from '../../src/server/events/webhook-delivery.ts'
import { adminQuery, databaseUrl, runScopedName } from '../support/seeded-databases.ts'
import { databaseTargets } from './server-harness.ts'
import {
  beginSignIn,
  call,
  signIn,
  startServerProcess,
  type CallReply,
  type ServerProcess,
} from './server-process.ts'

const target = databaseTargets().find((candidate) => candidate.kind === 'postgres')!

/** A webhook receiver that counts the deliveries of each event. */
async function startReceiver() {
  const eventIds: string[] = []
  const server: Server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      eventIds.push(String((JSON.parse(body) as { id: string }).id))
      response.end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('assertion: TCP port')
  return {
    eventIds,
    url: `http://127.0.0.1:${address.port}/hook`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A realtime socket signed in with the token; resolves with the first event it hears. */
async function listen(server: ServerProcess, token: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/realtime`)
  const messages: Record<string, unknown>[] = []
  ws.on('message', (data) => messages.push(JSON.parse(String(data)) as Record<string, unknown>))
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
  ws.send(JSON.stringify({ type: 'authenticate', accessToken: token }))
  await expect.poll(() => messages[0]?.type, { timeout: 30_000 }).toBe('authenticated')
  return { messages, close: () => ws.close() }
}

describe.skipIf(target.skipReason !== undefined)(`two instances: ${target.name}`, () => {
  const name = runScopedName('portal_instances')
  let url: string
  let a: ServerProcess
  let b: ServerProcess
  const both = () => [a, b] as const

  beforeAll(async () => {
    const adminUrl = target.adminUrl!
    await adminQuery(adminUrl, `create database ${name}`)
    url = databaseUrl(adminUrl, name)
    // Started together on an empty database: one migrates and seeds, the other waits.
    // Both workers poll every 20 ms; the built-in rail settles a payout at once.
    const env = {
      DATABASE_URL: url,
      DEMO: 'true',
      JOBS_POLL_INTERVAL_MS: '20',
      RAIL_SETTLE_SECONDS: '0',
    }
    ;[a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)])
  })
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await adminQuery(target.adminUrl!, `drop database if exists ${name} with (force)`)
  })

  it('hands an event raised through one instance to a socket on the other', async () => {
    const token = await signIn(a.baseUrl, 'demo@nova.example')
    const socket = await listen(b, token)
    const accounts = (await call(a.baseUrl, 'POST', '/rpc/balanceInquiry', {}, token)).body
      .accounts as { accountId: number; currencyCode: string }[]
    const account = (code: string) => accounts.find((row) => row.currencyCode === code)!
    const transfer = await call(
      a.baseUrl,
      'POST',
      '/rpc/betweenAccountsTransferSubmit',
      {
        toAmount: '1.00',
        fromAccount: account('USD').accountId,
        toAccount: account('EUR').accountId,
        idempotencyKey: 'across-instances',
      },
      token,
    )
    expect(transfer.body.responseCode).toBe('00')
    await expect
      .poll(() => socket.messages.slice(1), { timeout: 30_000 })
      .toEqual([
        {
          transaction_id: transfer.body.transactionId,
          result: true,
          message: expect.any(String),
          // The words in the reader's language, by key (issue 16).
          messageKey: 'order.completed',
        },
      ])
    socket.close()
  })

  it('runs each job once though the workers of both instances poll', async () => {
    const receiver = await startReceiver()
    const tokens = [await signIn(a.baseUrl, 'demo@nova.example'), '']
    tokens[1] = await signIn(b.baseUrl, 'demo@nova.example')
    const info = await call(a.baseUrl, 'POST', '/rpc/getCustomerInfo', {}, tokens[0])
    const customerId = (info.body.customer as { customerId: number }).customerId
    const webhook = { customerId, name: 'Both instances', url: receiver.url }
    expect((await call(a.baseUrl, 'POST', '/public-api/webhook', webhook, tokens[0])).status).toBe(
      200,
    )
    // Each new key is an event for the webhook: a delivery job, enqueued through A or B.
    const keys = 8
    for (let key = 0; key < keys; key++) {
      const server = both()[key % 2]!
      const created = await call(
        server.baseUrl,
        'POST',
        '/public-api/apikey',
        { customerId, name: `key ${key}` },
        tokens[key % 2],
      )
      expect(created.status).toBe(200)
    }
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      const pending = async () => {
        const result = await client.query<{ pending: number }>(
          'select count(*)::int as pending from jobs where kind = $1 and done_at is null',
          [webhookDeliveryKind],
        )
        return result.rows[0]!.pending
      }
      await expect.poll(pending, { timeout: 30_000 }).toBe(0)
      const runs = await client.query<{ attempts: number }>(
        'select attempts from jobs where kind = $1',
        [webhookDeliveryKind],
      )
      expect(runs.rows.map((row) => row.attempts)).toEqual(Array(keys + 1).fill(1))
    } finally {
      await client.end()
    }
    expect(receiver.eventIds).toHaveLength(keys + 1)
    expect(new Set(receiver.eventIds).size).toBe(keys + 1)
    await receiver.close()
  })

  it('settles each payout once at the rail though both workers poll', async () => {
    const token = await signIn(a.baseUrl, 'demo@nova.example')
    const socket = await listen(b, token)
    const accounts = (await call(a.baseUrl, 'POST', '/rpc/balanceInquiry', {}, token)).body
      .accounts as { accountId: number; currencyCode: string }[]
    const usd = accounts.find((row) => row.currencyCode === 'USD')!.accountId
    const ids: number[] = []
    for (let payout = 0; payout < 4; payout++) {
      const sent = await call(
        both()[payout % 2]!.baseUrl,
        'POST',
        '/rpc/wireTransferSubmit',
        {
          accountId: usd,
          amount: '1.00',
          countryCode: 'DE',
          currencyCode: 'USD',
          beneficiaryName: 'Jamie Fischer',
          iban: 'DE89370400440532013000',
          swift: 'COBADEFFXXX',
          permission: '3d',
          idempotencyKey: randomUUID(),
        },
        token,
      )
      expect(sent.body.responseCode, JSON.stringify(sent.body)).toBe('00')
      ids.push(Number(sent.body.transactionId))
    }
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      const statuses = async () =>
        (
          await client.query<{ status: string }>(
            'select status from transfer_orders where id = any($1) order by id',
            [ids],
          )
        ).rows.map((row) => row.status)
      await expect.poll(statuses, { timeout: 30_000 }).toEqual(Array(4).fill('settled'))
      const runs = await client.query<{ attempts: number; done: boolean }>(
        `select attempts, done_at is not null as done from jobs
          where kind = $1 and (payload->>'orderId')::int = any($2)`,
        [builtInRailJobKind, ids],
      )
      expect(runs.rows).toEqual(Array(4).fill({ attempts: 1, done: true }))
    } finally {
      await client.end()
    }
    // One event per payout, on the socket of the other instance.
    await expect.poll(() => socket.messages.length - 1, { timeout: 30_000 }).toBe(4)
    const heard = socket.messages.slice(1).map((message) => message.transaction_id)
    expect([...heard].sort()).toEqual(ids)
    socket.close()
  })

  it('counts wrong passwords on both instances: five lock the sign-in on both', async () => {
    const username = 'business@nova.example'
    const tries: number[] = []
    for (let attempt = 0; attempt < 5; attempt++) {
      const server = both()[attempt % 2]!
      tries.push((await beginSignIn(server.baseUrl, username, 'Wrong-password-1')).reply.status)
    }
    expect(tries).toEqual([403, 403, 403, 403, 429])
    for (const server of both()) {
      expect((await beginSignIn(server.baseUrl, username)).reply.status).toBe(429)
    }
  })

  it('counts wrong sign-in codes on both instances: five block the code on both', async () => {
    const { verifier, reply } = await beginSignIn(a.baseUrl, 'otp@nova.example')
    expect(reply.body.authFlow).toBe('otp')
    const exchange = (server: ServerProcess, otp: string): Promise<CallReply> =>
      call(server.baseUrl, 'POST', '/auth/token', {
        code: reply.body.code,
        codeVerifier: verifier,
        otp,
      })
    const right = totpAt(demoTotpSecret, Date.now())
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0')
    const tries: number[] = []
    for (let attempt = 0; attempt < 5; attempt++) {
      tries.push((await exchange(both()[attempt % 2]!, wrong)).status)
    }
    expect(tries).toEqual([403, 403, 403, 403, 403])
    for (const server of both()) {
      const refused = await exchange(server, totpAt(demoTotpSecret, Date.now()))
      expect(refused.status).toBe(429)
    }
  })
})
