// The token service as the portal uses it (product-spec section 7; DESIGN.md sections 7, 11):
// PKCE sign-in, the code exchange, refresh rotation with reuse detection, logout, lockout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { demoPassword } from '../../../src/server/demo/seed.ts'
import { users } from '../../../src/server/db/schema.ts'
import { codeChallengeS256, createCodeVerifier } from '../../../src/shared/pkce.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'

const personal = 'demo@nova.example'
const business = 'business@nova.example'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    const balances = (token: string) => server.post('/rpc/balanceInquiry', {}, token)

    describe('sign-in', () => {
      it('the direct flow gives a code that the PKCE verifier exchanges for working tokens', async () => {
        const { verifier, reply: login } = await server.beginSignIn(personal)
        expect(login.status).toBe(200)
        expect(login.body).toMatchObject({ authFlow: 'direct', code: expect.any(String) })
        expect(login.body.accessToken).toBeUndefined()

        const token = await server.post('/auth/token', {
          code: login.body.code,
          codeVerifier: verifier,
        })
        expect(token.status).toBe(200)
        expect(token.body.expiresIn).toBeGreaterThan(0)
        expect((await balances(token.body.accessToken ?? '')).body.responseCode).toBe('00')
      })

      it('the simple flow returns working tokens at once', async () => {
        const { reply: login } = await server.beginSignIn(business)
        expect(login.status).toBe(200)
        expect(login.body).toMatchObject({
          authFlow: 'simple',
          accessToken: expect.any(String),
          refreshToken: expect.any(String),
          expiresIn: expect.any(Number),
        })
        expect(login.body.code).toBeUndefined()
        expect((await balances(login.body.accessToken ?? '')).body.responseCode).toBe('00')
      })

      it('accepts the username in another case', async () => {
        const { reply } = await server.beginSignIn('Demo@Nova.Example')
        expect(reply.status).toBe(200)
        expect(reply.body.authFlow).toBe('direct')
      })
    })

    describe('the code exchange', () => {
      it('refuses a wrong verifier with 403, then still takes the right one, but only once', async () => {
        const { verifier, reply: login } = await server.beginSignIn(personal)
        const code = login.body.code

        const wrong = await server.post('/auth/token', { code, codeVerifier: createCodeVerifier() })
        expect(wrong.status).toBe(403)
        expect(wrong.body.message).toMatch(/verifier/i)

        // A wrong verifier counts against the code but does not spend it (auth-token.ts).
        const right = await server.post('/auth/token', { code, codeVerifier: verifier })
        expect(right.status).toBe(200)

        const again = await server.post('/auth/token', { code, codeVerifier: verifier })
        expect(again.status).toBe(403)
        expect(again.body.accessToken).toBeUndefined()
      })

      it('blocks the code with 429 after five wrong verifiers, even for the right one', async () => {
        const { verifier, reply: login } = await server.beginSignIn(personal)
        const code = login.body.code
        for (let attempt = 1; attempt <= 5; attempt++) {
          const wrong = await server.post('/auth/token', {
            code,
            codeVerifier: createCodeVerifier(),
          })
          expect(wrong.status, `attempt ${attempt}`).toBe(403)
        }
        const right = await server.post('/auth/token', { code, codeVerifier: verifier })
        expect(right.status).toBe(429)
        expect(right.body.message).toMatch(/too many failed attempts/i)
        expect(right.body.accessToken).toBeUndefined()
      })

      it('refuses an unknown code', async () => {
        const reply = await server.post('/auth/token', {
          code: 'not-a-code-the-server-issued',
          codeVerifier: createCodeVerifier(),
        })
        expect(reply.status).toBe(403)
      })

      it('refuses a plain challenge: the verifier itself sent as the challenge cannot be exchanged', async () => {
        const verifier = createCodeVerifier(64)
        const login = await server.post('/auth/login', {
          client: 'spa',
          username: personal,
          password: demoPassword,
          codeChallenge: verifier,
        })
        expect(login.status).toBe(200)
        const token = await server.post('/auth/token', {
          code: login.body.code,
          codeVerifier: verifier,
        })
        expect(token.status).toBe(403)
      })

      it('answers a code without its verifier with 400 VF', async () => {
        const reply = await server.post('/auth/token', { code: 'abc' })
        expect(reply.status).toBe(400)
        expect(reply.body.responseCode).toBe('VF')
        expect(failedParameters(reply)).toContain('codeVerifier')
      })
    })

    describe('login validation', () => {
      const valid = async () => ({
        client: 'spa',
        username: personal,
        password: demoPassword,
        codeChallenge: await codeChallengeS256(createCodeVerifier()),
      })
      const cases: [string, { given: Record<string, unknown>; want: string }][] = [
        [
          'a short, plain-looking challenge',
          { given: { codeChallenge: 'plain-abc' }, want: 'codeChallenge' },
        ],
        [
          'the plain method',
          { given: { codeChallengeMethod: 'plain' }, want: 'codeChallengeMethod' },
        ],
        ['a username that is not an e-mail', { given: { username: 'demo' }, want: 'username' }],
        ['a missing password', { given: { password: undefined }, want: 'password' }],
        ['an unknown client', { given: { client: 'cli' }, want: 'client' }],
        ['an unknown field', { given: { remember: true }, want: 'remember' }],
      ]
      it.each(cases)('answers %s with 400 VF naming it', async (_name, { given, want }) => {
        const reply = await server.post('/auth/login', { ...(await valid()), ...given })
        expect(reply.status).toBe(400)
        expect(reply.body.responseCode).toBe('VF')
        expect(failedParameters(reply)).toContain(want)
        expect(reply.body.code).toBeUndefined()
      })
    })

    describe('wrong credentials', () => {
      it('answers a wrong password with 403 and a message', async () => {
        const { reply } = await server.beginSignIn(personal, 'not-the-password')
        expect(reply.status).toBe(403)
        expect(reply.body.message).toBe('Invalid username or password.')
        expect(reply.body.code).toBeUndefined()
      })

      it('answers an unknown user exactly like a wrong password', async () => {
        const unknown = await server.beginSignIn('nobody@nova.example', 'not-the-password')
        const wrong = await server.beginSignIn(personal, 'not-the-password')
        expect(unknown.reply.status).toBe(wrong.reply.status)
        expect(unknown.reply.body).toEqual(wrong.reply.body)
        // The successful sign-in clears the failures, so later cases start from zero.
        await server.signIn(personal)
      })
    })

    describe('refresh and logout', () => {
      it('rotates the refresh token: the new pair works and differs from the old', async () => {
        const first = await server.signIn(personal)
        const rotated = await server.post('/auth/refresh', { refreshToken: first.refreshToken })
        expect(rotated.status).toBe(200)
        expect(rotated.body.refreshToken).not.toBe(first.refreshToken)
        expect((await balances(rotated.body.accessToken ?? '')).body.responseCode).toBe('00')
      })

      it('refuses a reused refresh token with 403 and revokes the newer one too', async () => {
        const first = await server.signIn(personal)
        const second = await server.post('/auth/refresh', { refreshToken: first.refreshToken })
        expect(second.status).toBe(200)

        const reuse = await server.post('/auth/refresh', { refreshToken: first.refreshToken })
        expect(reuse.status).toBe(403)
        expect(reuse.body.accessToken).toBeUndefined()

        const newer = await server.post('/auth/refresh', { refreshToken: second.body.refreshToken })
        expect(newer.status).toBe(403)
        expect(newer.body.accessToken).toBeUndefined()
      })

      it('leaves other sign-ins of the same user alone when one family is revoked', async () => {
        const stolen = await server.signIn(personal)
        const other = await server.signIn(personal)
        await server.post('/auth/refresh', { refreshToken: stolen.refreshToken })
        await server.post('/auth/refresh', { refreshToken: stolen.refreshToken })
        const reply = await server.post('/auth/refresh', { refreshToken: other.refreshToken })
        expect(reply.status).toBe(200)
      })

      it('logs out with 204, after which the refresh token no longer works', async () => {
        const tokens = await server.signIn(personal)
        const logout = await server.post('/auth/logout', { refreshToken: tokens.refreshToken })
        expect(logout.status).toBe(204)
        expect(logout.text).toBe('')
        const refresh = await server.post('/auth/refresh', { refreshToken: tokens.refreshToken })
        expect(refresh.status).toBe(403)
      })

      it('answers logout with an unknown token with 204 too, revealing nothing', async () => {
        const logout = await server.post('/auth/logout', { refreshToken: 'x'.repeat(43) })
        expect(logout.status).toBe(204)
      })

      it('answers a malformed refresh request with 400 VF', async () => {
        const reply = await server.post('/auth/refresh', { refreshToken: 'short' })
        expect(reply.status).toBe(400)
        expect(reply.body.responseCode).toBe('VF')
        expect(failedParameters(reply)).toEqual(['refreshToken'])
      })
    })
  })

  // A server of its own: the lockout lasts 15 minutes and would break every later sign-in.
  describe.skipIf(target.skipReason !== undefined)(`${target.name}: lockout`, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    it('blocks the user with 429 after five wrong passwords, even for the right password', async () => {
      for (let attempt = 1; attempt <= 4; attempt++) {
        const { reply } = await server.beginSignIn(personal, `wrong-${attempt}`)
        expect(reply.status, `attempt ${attempt}`).toBe(403)
      }
      const fifth = await server.beginSignIn(personal, 'wrong-5')
      expect(fifth.reply.status).toBe(429)

      const right = await server.beginSignIn(personal)
      expect(right.reply.status).toBe(429)
      expect(right.reply.body.message).toMatch(/too many failed attempts/i)
      expect(right.reply.body.retryAfterSeconds).toBeGreaterThan(0)
      expect(right.reply.body.code).toBeUndefined()
    })

    it('once the block has run out, the right password works and one mistake does not block again', async () => {
      // Move the block into the past, as fifteen minutes of waiting would.
      await server.db
        .update(users)
        .set({ blockedUntil: new Date(Date.now() - 1000) })
        .where(eq(users.username, personal))
      const wrong = await server.beginSignIn(personal, 'wrong-after-block')
      expect(wrong.reply.status).toBe(403)
      const right = await server.beginSignIn(personal)
      expect(right.reply.status).toBe(200)
    })

    it('blocks only that user', async () => {
      const { reply } = await server.beginSignIn(business)
      expect(reply.status).toBe(200)
    })

    it('resets the count after a successful sign-in', async () => {
      for (let attempt = 1; attempt <= 4; attempt++) {
        await server.beginSignIn(business, `wrong-${attempt}`)
      }
      await server.signIn(business)
      for (let attempt = 1; attempt <= 4; attempt++) {
        const { reply } = await server.beginSignIn(business, `wrong-again-${attempt}`)
        expect(reply.status, `attempt ${attempt}`).toBe(403)
      }
    })
  })
}
