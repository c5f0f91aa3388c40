// The realtime channel (product-spec section 7; DESIGN.md section 7): a WebSocket that the
// access token opens and a fresh token renews, carrying a user's and a customer's events
// published in a transaction, to every server instance sharing the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../../src/server/app.ts'
import { configFromEnv } from '../../../src/server/config.ts'
import { publishToCustomer, publishToUser } from '../../../src/server/realtime/publish.ts'
import { eq } from 'drizzle-orm'
import { users } from '../../../src/server/db/schema.ts'
import { databaseTargets } from '../server-harness.ts'
import { startAuthServer, type AuthServer } from '../auth/auth-server.ts'

interface Socket {
  ws: WebSocket
  next(): Promise<Record<string, unknown>>
  closed: Promise<number>
  send(message: unknown): void
}

async function connect(baseUrl: string): Promise<Socket> {
  const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/realtime`)
  const queue: Record<string, unknown>[] = []
  const waiting: ((message: Record<string, unknown>) => void)[] = []
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as Record<string, unknown>
    const resolve = waiting.shift()
    if (resolve) resolve(message)
    else queue.push(message)
  })
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)))
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
  return {
    ws,
    closed,
    send: (message) => ws.send(JSON.stringify(message)),
    next: () => {
      const ready = queue.shift()
      if (ready) return Promise.resolve(ready)
      return new Promise((resolve, reject) => {
        waiting.push(resolve)
        setTimeout(() => reject(new Error('no realtime message within 5 s')), 5000)
      })
    },
  }
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: AuthServer
    let second: FastifyInstance
    let secondUrl: string
    let tokens: { accessToken: string; refreshToken: string }
    let userId: number
    let customerId: number

    beforeAll(async () => {
      server = await startAuthServer(target)
      // A second instance over the same database: events must cross between them.
      second = await buildApp(server.db, configFromEnv({ PORTAL_DIR: 'none-such' }))
      await second.listen({ port: 0, host: '127.0.0.1' })
      const address = second.server.address()
      if (address === null || typeof address === 'string') throw new Error('assertion: TCP')
      secondUrl = `http://127.0.0.1:${address.port}`
      const { verifier, reply } = await server.login('demo@nova.example')
      userId = Number(reply.body.userId)
      const exchanged = await server.call('POST', '/auth/token', {
        code: reply.body.code,
        codeVerifier: verifier,
      })
      tokens = exchanged.body as typeof tokens
      const me = await server.call('POST', '/rpc/balanceInquiry', {}, { token: tokens.accessToken })
      customerId = Number((me.body.accounts as { customerId: number }[])[0]!.customerId)
    })
    afterAll(async () => {
      await second?.close()
      await server?.close()
    })

    it('authenticates with the access token and delivers events from another instance', async () => {
      const socket = await connect(secondUrl)
      socket.send({ type: 'authenticate', accessToken: tokens.accessToken })
      const hello = await socket.next()
      expect(hello).toMatchObject({ type: 'authenticated', expiresIn: expect.any(Number) })
      await server.db.transaction(async (tx) => {
        await publishToUser(tx, userId, { type: 'PasswordChange' })
        await publishToCustomer(tx, customerId, { transaction_id: 42, result: false })
      })
      expect(await socket.next()).toEqual({ type: 'PasswordChange' })
      expect(await socket.next()).toEqual({ transaction_id: 42, result: false })
      socket.ws.close()
    })

    it('sends nothing that a rolled-back transaction published', async () => {
      const socket = await connect(server.baseUrl)
      socket.send({ type: 'authenticate', accessToken: tokens.accessToken })
      await socket.next()
      await server.db
        .transaction(async (tx) => {
          await publishToUser(tx, userId, { type: 'PasswordChange', data: { rolledBack: true } })
          throw new Error('roll back')
        })
        .catch(() => undefined)
      await publishToUser(server.db, userId, { type: 'CustomerNotification', data: { id: 1 } })
      expect(await socket.next()).toEqual({ type: 'CustomerNotification', data: { id: 1 } })
      socket.ws.close()
    })

    it("does not deliver another user's events", async () => {
      const socket = await connect(server.baseUrl)
      socket.send({ type: 'authenticate', accessToken: tokens.accessToken })
      await socket.next()
      await publishToUser(server.db, userId + 1, { type: 'PasswordChange', data: { other: true } })
      await publishToUser(server.db, userId, { type: 'PasswordChange', data: { mine: true } })
      expect(await socket.next()).toEqual({ type: 'PasswordChange', data: { mine: true } })
      socket.ws.close()
    })

    it('closes a socket with an invalid token, or with the token of a logged-out session', async () => {
      const bad = await connect(server.baseUrl)
      bad.send({ type: 'authenticate', accessToken: 'not-a-token' })
      expect(await bad.closed).toBe(4001)

      const { verifier, reply } = await server.login('demo@nova.example')
      const session = await server.call('POST', '/auth/token', {
        code: reply.body.code,
        codeVerifier: verifier,
      })
      const socket = await connect(server.baseUrl)
      socket.send({ type: 'authenticate', accessToken: session.body.accessToken })
      expect((await socket.next()).type).toBe('authenticated')
      // After a refresh the client renews with the fresh token; after logout a renewal fails.
      const refreshed = await server.call('POST', '/auth/refresh', {
        refreshToken: session.body.refreshToken,
      })
      socket.send({ type: 'authenticate', accessToken: refreshed.body.accessToken })
      expect((await socket.next()).type).toBe('authenticated')
      await server.call('POST', '/auth/logout', { refreshToken: refreshed.body.refreshToken })
      socket.send({ type: 'authenticate', accessToken: refreshed.body.accessToken })
      expect(await socket.closed).toBe(4001)
    })

    it('closes the socket of a sign-in at once when it logs out', async () => {
      const { verifier, reply } = await server.login('demo@nova.example')
      const session = await server.call('POST', '/auth/token', {
        code: reply.body.code,
        codeVerifier: verifier,
      })
      const socket = await connect(secondUrl)
      socket.send({ type: 'authenticate', accessToken: session.body.accessToken })
      expect((await socket.next()).type).toBe('authenticated')
      // Closed by the logout itself: the access token would outlive the test by minutes.
      await server.call('POST', '/auth/logout', { refreshToken: session.body.refreshToken })
      expect(await socket.closed).toBe(4001)
    })

    it("delivers a company's events to a user with a right on it", async () => {
      const { verifier, reply } = await server.login('employee@nova.example')
      const session = await server.call('POST', '/auth/token', {
        code: reply.body.code,
        codeVerifier: verifier,
      })
      const login =
        reply.body.accessToken === undefined ? session.body : (reply.body as typeof session.body)
      const socket = await connect(server.baseUrl)
      socket.send({ type: 'authenticate', accessToken: login.accessToken })
      expect((await socket.next()).type).toBe('authenticated')
      const [company] = await server.db
        .select({ id: users.customerId })
        .from(users)
        .where(eq(users.username, 'business@nova.example'))
      await publishToCustomer(server.db, company!.id, { transaction_id: 'T-1', result: true })
      expect(await socket.next()).toEqual({ transaction_id: 'T-1', result: true })
      socket.ws.close()
    })

    it('closes a socket that sends something else than JSON', async () => {
      const socket = await connect(server.baseUrl)
      socket.ws.send('hello')
      expect(await socket.closed).toBe(4002)
    })

    it('reports a two-step change to the user when it is confirmed', async () => {
      const socket = await connect(server.baseUrl)
      socket.send({ type: 'authenticate', accessToken: tokens.accessToken })
      await socket.next()
      const asked = await server.call(
        'POST',
        '/customer/two-step-verification',
        { mode: 'direct', typeMode: 'transaction' },
        { token: tokens.accessToken },
      )
      const [sms] = await server.mailbox('+447700900123')
      const code = /([0-9]{6})/.exec(sms?.body ?? '')?.[1]
      const done = await server.call(
        'POST',
        `/customer/two-step-verification/${String(asked.body.reqId)}/confirm`,
        { code },
        { token: tokens.accessToken },
      )
      expect(done.status, done.text).toBe(200)
      const events = [await socket.next(), await socket.next()]
      expect(events).toEqual(
        expect.arrayContaining([
          { type: 'TwoStepVerificationConfirmed', data: { reqId: asked.body.reqId } },
          { type: 'TwoStepVerificationModeSet', data: { typeMode: 'transaction', mode: 'direct' } },
        ]),
      )
      socket.ws.close()
    })
  })
}
