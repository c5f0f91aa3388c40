// The five-try limits hold when the tries arrive together (issue 11; DESIGN.md section 11):
// passwords and sign-in codes are counted in the database before they are checked, so a
// flood of guesses, each from its own address as a botnet would send them, gets at most five
// checks and no sign-in; the owner is e-mailed once per block, and a password recovery lifts
// it. The server trusts X-Forwarded-For here, so each guess can come from its own client.
import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blockedMessage } from '../../../src/server/auth/login-attempts.ts'
import { loginHistory, users } from '../../../src/server/db/schema.ts'
import { outboxMessages } from '../../../src/server/db/schema-outbox.ts'
import { demoPassword } from '../../../src/server/demo/seed.ts'
import { codeChallengeS256, createCodeVerifier } from '../../../src/shared/pkce.ts'
import { databaseTargets, type Reply } from '../server-harness.ts'
import { codeIn, startAuthServer, type AuthServer } from './auth-server.ts'

const blockNoticeSubject = 'Sign-in blocked after failed attempts'
const wrongPassword = 'Wrong-password-1'

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
    /** A client address of its own (TEST-NET-2), so no per-client limit is what answers. */
    const freshClient = () => ({ 'x-forwarded-for': `198.51.100.${nextAddress++}` })

    async function login(username: string, password: string) {
      const verifier = createCodeVerifier()
      const body = {
        client: 'spa',
        username,
        password,
        codeChallenge: await codeChallengeS256(verifier),
      }
      const reply = await server.call('POST', '/auth/login', body, { headers: freshClient() })
      return { verifier, reply }
    }
    const statuses = (replies: Reply[]) => replies.map((reply) => reply.status)
    const userRow = async (username: string) => {
      const [row] = await server.db.select().from(users).where(eq(users.username, username))
      return row!
    }
    const blockNotices = (username: string) =>
      server.db
        .select()
        .from(outboxMessages)
        .where(
          and(
            eq(outboxMessages.recipient, username),
            eq(outboxMessages.subject, blockNoticeSubject),
          ),
        )
    const historyOf = (username: string, reason: string) =>
      server.db
        .select()
        .from(loginHistory)
        .where(and(eq(loginHistory.username, username), like(loginHistory.reason, reason)))

    describe('passwords', () => {
      const username = 'demo@nova.example'

      it('25 guesses sent together, the right one last, lock the account and sign in none', async () => {
        const guesses = Array.from({ length: 25 }, (_, index) =>
          login(username, index === 24 ? demoPassword : `${wrongPassword}${index}`),
        )
        const replies = (await Promise.all(guesses)).map((guess) => guess.reply)
        expect(statuses(replies)).not.toContain(200)
        expect(new Set(statuses(replies))).toEqual(new Set([403, 429]))
        // At most five passwords were checked; the others were refused unchecked.
        expect(statuses(replies).filter((status) => status === 403).length).toBeLessThanOrEqual(4)
        expect((await historyOf(username, 'wrong credentials')).length).toBeLessThanOrEqual(5)
        expect((await userRow(username)).blockedUntil!.getTime()).toBeGreaterThan(Date.now())
        const later = await login(username, demoPassword)
        expect(later.reply.status).toBe(429)
        expect(later.reply.body.message).toBe(blockedMessage)
        const retryAfter = Number(later.reply.headers.get('retry-after'))
        expect(retryAfter).toBeGreaterThan(14 * 60)
        expect(retryAfter).toBeLessThanOrEqual(15 * 60)
      })

      it('e-mails the owner once per block, however many tries it refuses', async () => {
        await login(username, wrongPassword)
        const notices = await blockNotices(username)
        expect(notices).toHaveLength(1)
        expect(notices[0]!.body).toMatch(/reset your password/)
      })

      it('lets the right password in after four wrong ones, and blocks at the fifth', async () => {
        const sequential = 'business@nova.example'
        for (let attempt = 1; attempt <= 4; attempt++) {
          expect((await login(sequential, wrongPassword)).reply.status, `try ${attempt}`).toBe(403)
        }
        expect((await login(sequential, demoPassword)).reply.status).toBe(200)
        expect((await userRow(sequential)).failedAttempts).toBe(0)
        const answers: number[] = []
        for (let attempt = 1; attempt <= 5; attempt++) {
          answers.push((await login(sequential, wrongPassword)).reply.status)
        }
        expect(answers).toEqual([403, 403, 403, 403, 429])
        expect((await login(sequential, demoPassword)).reply.status).toBe(429)
        expect(await blockNotices(sequential)).toHaveLength(1)
      })

      it('counts unknown usernames sent together the same way, with no e-mail', async () => {
        const nobody = 'nobody-at-all@nova.example'
        const replies = await Promise.all(
          Array.from({ length: 12 }, () => login(nobody, wrongPassword)),
        )
        const seen = statuses(replies.map((guess) => guess.reply))
        expect(seen.filter((status) => status === 403).length).toBeLessThanOrEqual(4)
        expect(seen.filter((status) => status === 429).length).toBeGreaterThanOrEqual(8)
        expect((await login(nobody, wrongPassword)).reply.status).toBe(429)
        expect(await blockNotices(nobody)).toHaveLength(0)
      })

      it('is lifted by the owner recovering the password', async () => {
        const owner = 'employee@nova.example'
        for (let attempt = 1; attempt <= 5; attempt++) await login(owner, wrongPassword)
        expect((await login(owner, demoPassword)).reply.status).toBe(429)
        const rpc = (operation: string, body: unknown) =>
          server.call('POST', `/rpc/${operation}`, body, { headers: freshClient() })
        expect((await rpc('passwordChangeRequest', { email: owner })).body.responseCode).toBe('00')
        const [mail] = await server.mailbox(owner)
        const code = /code is ([A-Z0-9]{8})/.exec(mail?.body ?? '')?.[1]
        expect(code, mail?.body).toBeDefined()
        const newPassword = 'Recovered-2026!'
        const applied = await rpc('passwordChangeApply', {
          email: owner,
          code,
          password: newPassword,
        })
        expect(applied.body.responseCode, applied.text).toBe('00')
        expect((await userRow(owner)).blockedUntil).toBeNull()
        expect((await login(owner, newPassword)).reply.status).toBe(200)
      })
    })

    describe('sign-in codes', () => {
      it('30 codes sent together to the confirm step get at most five checks', async () => {
        const username = 'sms@nova.example'
        const { verifier, reply } = await login(username, demoPassword)
        expect(reply.body.authFlow).toBe('sms')
        const texted = codeIn((await server.mailbox('+447700900456'))[0])
        const wrong = (index: number) =>
          String((Number(texted) + 1 + index) % 1_000_000).padStart(6, '0')
        const exchange = (otp: string) =>
          server.call(
            'POST',
            '/auth/token',
            { code: reply.body.code, codeVerifier: verifier, otp },
            { headers: freshClient() },
          )
        const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => exchange(wrong(i))))
        const seen = statuses(replies)
        expect(seen.filter((status) => status === 403)).toHaveLength(5)
        expect(seen.filter((status) => status === 429)).toHaveLength(25)
        expect(await historyOf(username, 'wrong sms code')).toHaveLength(5)
        const refused = replies.find((answer) => answer.status === 429)!
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
        // The right code comes too late: the challenge is blocked for good.
        const right = await exchange(texted)
        expect(right.status).toBe(429)
        expect(right.body.accessToken).toBeUndefined()
      })

      it('still lets the right code in after four wrong ones', async () => {
        const { verifier, reply } = await login('sms@nova.example', demoPassword)
        const texted = codeIn((await server.mailbox('+447700900456'))[0])
        const exchange = (otp: string) =>
          server.call('POST', '/auth/token', { code: reply.body.code, codeVerifier: verifier, otp })
        for (let attempt = 1; attempt <= 4; attempt++) {
          const wrong = String((Number(texted) + attempt) % 1_000_000).padStart(6, '0')
          expect((await exchange(wrong)).status, `try ${attempt}`).toBe(403)
        }
        const right = await exchange(texted)
        expect(right.status, right.text).toBe(200)
        expect(right.body.accessToken).toEqual(expect.any(String))
      })
    })
  })
}
