// What a 500 leaves in the log (src/server/error-log.ts, issue 11): a handler whose insert
// fails - here a webhook, whose row carries its sealed signing secret - is logged with the
// request id, the operation and the error's message and stack frames, and nothing of the
// request: no bound value of the query, no body field, no bearer token. The client learns
// nothing but UE.
import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseTargets, startServer, type TestServer } from './server-harness.ts'

/** A sealed secret as src/server/secrets/sealed-secret.ts writes it: v1.<iv>.<ciphertext>. */
const sealedSecret = /v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{20,}/
const urlToken = 'url-token-7f3a9c'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    const logged: string[] = []
    beforeAll(async () => {
      // The test servers log errors only by default; this test reads the error line.
      process.env.LOG_LEVEL = 'error'
      const logStream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          logged.push(chunk.toString('utf8'))
          done()
        },
      })
      server = await startServer(target, { logStream })
      token = (await server.signIn('business@nova.example')).accessToken
      // Every webhook insert now fails inside the database, after the secret was sealed.
      await server.db.execute(sql`
        create function refuse_webhook() returns trigger language plpgsql as $$
        begin raise exception 'refused by the error-log test'; end $$`)
      await server.db.execute(sql`
        create trigger refuse_webhook before insert on webhooks
        for each row execute function refuse_webhook()`)
    })
    afterAll(async () => {
      await server?.close()
    })

    it('logs a failed handler without the secret, the body or the token', async () => {
      const response = await fetch(`${server.baseUrl}/public-api/webhook`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          customerId: 1002,
          name: 'Orders',
          url: `https://merchant.example/hooks/${urlToken}`,
        }),
      })
      expect(response.status).toBe(500)
      expect(await response.json()).toEqual({
        responseCode: 'UE',
        responseDescription: 'Server error',
      })

      const lines = logged.map((line) => JSON.parse(line) as Record<string, unknown>)
      const failure = lines.find((line) => line.msg === 'request failed with a server error')
      expect(failure, logged.join('')).toBeDefined()
      expect(failure).toMatchObject({ level: 50, operation: 'webhookCreate' })
      expect(failure?.reqId).toEqual(expect.any(String))
      const error = failure?.error as { message: string; cause: { message: string } }
      expect(error.message).toMatch(/^Failed query: insert into "webhooks"/)
      expect(error.cause.message).toBe('refused by the error-log test')
      const text = logged.join('\n')
      expect(text).not.toMatch(sealedSecret)
      expect(text).not.toContain(urlToken)
      expect(text).not.toContain('Orders')
      expect(text).not.toContain('params')
      expect(text).not.toContain(token)
    })
  })
}
