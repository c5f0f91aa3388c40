// Per-client rate limits from the spec's x-rate-limit (issue 11): one client cannot sign in
// for many usernames (and so lock their owners out), nor have SMS sent to many numbers; the
// refusal is 429 with Retry-After, RPC answers keep their envelope, the legacy /api form
// shares the count, invalid requests are not counted, and two instances over one database
// count together. The servers trust X-Forwarded-For, so each case is its own client.
import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operations } from '../../../src/generated/operations.ts'
import { buildApp } from '../../../src/server/app.ts'
import { configFromEnv } from '../../../src/server/config.ts'
import { outboxMessages } from '../../../src/server/db/schema-outbox.ts'
import { databaseTargets, type Reply } from '../server-harness.ts'
import { startAuthServer, type AuthServer } from '../auth/auth-server.ts'

function limitOf(operationId: string): { perClient: number; windowSeconds: number } {
  const entry = operations.find((candidate) => candidate.operationId === operationId)
  if (!entry || !('rateLimit' in entry)) throw new Error(`${operationId} has no x-rate-limit`)
  return entry.rateLimit
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: AuthServer
    beforeAll(async () => {
      server = await startAuthServer(target, { TRUST_PROXY: 'true' })
    })
    afterAll(async () => {
      await server?.close()
    })

    let nextAddress = 1
    /** A client address of its own (TEST-NET-3). */
    const newClient = () => ({ 'x-forwarded-for': `203.0.113.${nextAddress++}` })
    const post = (path: string, body: unknown, headers: Record<string, string>, baseUrl = '') =>
      baseUrl === ''
        ? server.call('POST', path, body, { headers })
        : fetch(`${baseUrl}${path}`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          }).then(async (response) => ({ status: response.status }) as Reply)
    const signInBody = (username: string) => ({
      client: 'spa',
      username,
      password: 'Wrong-password-1',
      codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    })
    const expectRetryAfter = (reply: Reply, windowSeconds: number) => {
      const seconds = Number(reply.headers.get('retry-after'))
      expect(seconds).toBeGreaterThanOrEqual(1)
      expect(seconds).toBeLessThanOrEqual(windowSeconds)
      expect(reply.body.retryAfterSeconds).toBe(seconds)
    }

    it('answers 429 with Retry-After to one client signing in for 41 usernames', async () => {
      const { perClient, windowSeconds } = limitOf('authLogin')
      const client = newClient()
      const replies: Reply[] = []
      for (let index = 1; index <= 41; index++) {
        replies.push(await post('/auth/login', signInBody(`user${index}@spray.example`), client))
      }
      const statuses = replies.map((reply) => reply.status)
      expect(statuses.slice(0, perClient)).toEqual(Array(perClient).fill(403))
      expect(statuses.slice(perClient)).toEqual(Array(41 - perClient).fill(429))
      const refused = replies[40]!
      expectRetryAfter(refused, windowSeconds)
      expect(refused.body.message).toMatch(/^Too many requests\. Please try again in /)
      // In the reader's language (Accept-Language), as every refusal is.
      const russian = { ...client, 'accept-language': 'ru-RU,ru;q=0.9' }
      const inRussian = await post('/auth/login', signInBody('user42@spray.example'), russian)
      expect(inRussian.status).toBe(429)
      expect(inRussian.body.message).toMatch(/^Слишком много запросов\. Попробуйте снова через /)
      // Another client is not affected.
      const other = await post('/auth/login', signInBody('user1@spray.example'), newClient())
      expect(other.status).toBe(403)
    })

    it('counts sign-ins sent together one by one', async () => {
      const { perClient } = limitOf('authLogin')
      const client = newClient()
      const replies = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          post('/auth/login', signInBody(`burst${index}@spray.example`), client),
        ),
      )
      const refused = replies.filter((reply) => reply.status === 429)
      expect(refused).toHaveLength(40 - perClient)
    })

    it('sends the store links to at most its limit of numbers per client, then 429', async () => {
      const { perClient, windowSeconds } = limitOf('authStoresUrlsSend')
      const client = newClient()
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          post(
            '/auth/stores-urls/send',
            { phoneNumber: `+4477009${String(index).padStart(5, '0')}` },
            client,
          ),
        ),
      )
      const statuses = replies.map((reply) => reply.status)
      expect(statuses.filter((status) => status === 204)).toHaveLength(perClient)
      expect(statuses.filter((status) => status === 429)).toHaveLength(20 - perClient)
      const refused = replies.find((reply) => reply.status === 429)!
      expectRetryAfter(refused, windowSeconds)
      const queued = await server.db
        .select()
        .from(outboxMessages)
        .where(
          and(eq(outboxMessages.subject, 'App links'), like(outboxMessages.recipient, '+4477009%')),
        )
      expect(queued).toHaveLength(perClient)
      expect(
        (await post('/auth/stores-urls/send', { phoneNumber: '+447700988888' }, client)).status,
      ).toBe(429)
    })

    it('texts one number at most three times an hour, whoever asks', async () => {
      const phoneNumber = '+447700977777'
      const statuses: number[] = []
      for (let client = 1; client <= 4; client++) {
        statuses.push((await post('/auth/stores-urls/send', { phoneNumber }, newClient())).status)
      }
      expect(statuses).toEqual([204, 204, 204, 429])
    })

    it('does not count requests refused as invalid', async () => {
      const client = newClient()
      for (let index = 0; index < 10; index++) {
        const invalid = await post(
          '/auth/stores-urls/send',
          { phoneNumber: 'not a number' },
          client,
        )
        expect(invalid.status).toBe(400)
      }
      const valid = await post('/auth/stores-urls/send', { phoneNumber: '+447700966666' }, client)
      expect(valid.status).toBe(204)
    })

    it('keeps the RPC envelope, and counts the legacy /api form with /rpc', async () => {
      const { perClient, windowSeconds } = limitOf('passwordChangeRequest')
      const client = newClient()
      const body = { email: 'nobody-to-recover@nova.example' }
      for (let index = 1; index <= perClient; index++) {
        const path =
          index % 2 === 0 ? '/api?method=passwordChangeRequest' : '/rpc/passwordChangeRequest'
        expect((await post(path, body, client)).body.responseCode).toBe('00')
      }
      for (const path of ['/rpc/passwordChangeRequest', '/api?method=passwordChangeRequest']) {
        const refused = await post(path, body, client)
        expect(refused.status).toBe(429)
        expect(refused.body.responseCode).toBe('TA1')
        expectRetryAfter(refused, windowSeconds)
      }
    })

    it('holds across two instances sharing one database', async () => {
      const { perClient } = limitOf('authLogin')
      const config = configFromEnv({ PORTAL_DIR: 'none-such', DEMO: 'true', TRUST_PROXY: 'true' })
      const second = await buildApp(server.db, config)
      await second.listen({ port: 0, host: '127.0.0.1' })
      try {
        const address = second.server.address()
        if (address === null || typeof address === 'string') throw new Error('assertion: TCP')
        const secondUrl = `http://127.0.0.1:${address.port}`
        const client = newClient()
        const statuses: number[] = []
        for (let index = 0; index <= perClient; index++) {
          const body = signInBody(`shared${index}@spray.example`)
          const baseUrl = index % 2 === 0 ? '' : secondUrl
          statuses.push((await post('/auth/login', body, client, baseUrl)).status)
        }
        expect(statuses.slice(0, perClient)).toEqual(Array(perClient).fill(403))
        expect(statuses[perClient]).toBe(429)
      } finally {
        await second.close()
      }
    })
  })
}
