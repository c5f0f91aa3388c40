// What a session may do after sign-in (DESIGN.md section 11; product-spec sections 4 and 6):
// a logged-out access token is refused at once, the IP whitelist is enforced at sign-in and
// on every call, acting for a customer without a right on it is refused, and unknown
// usernames are counted and blocked like real ones, with every attempt in the history.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customers, loginHistory, users } from '../../../src/server/db/schema.ts'
import { ipWhitelistEntries, securitySettings } from '../../../src/server/db/schema-security.ts'
import { renderMessage } from '../../../src/server/messages/messages.ts'
import { databaseTargets } from '../server-harness.ts'
import { startAuthServer, type AuthServer } from './auth-server.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: AuthServer
    beforeAll(async () => {
      server = await startAuthServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    async function signIn(username: string) {
      const { verifier, reply } = await server.login(username)
      if (reply.body.accessToken) return reply.body as { accessToken: string; refreshToken: string }
      const tokens = await server.call('POST', '/auth/token', {
        code: reply.body.code,
        codeVerifier: verifier,
      })
      return tokens.body as { accessToken: string; refreshToken: string }
    }
    const balances = (token: string, body: Record<string, unknown> = {}) =>
      server.call('POST', '/rpc/balanceInquiry', body, { token })
    const customerIdOf = async (username: string) => {
      const [row] = await server.db
        .select({ id: users.customerId })
        .from(users)
        .where(eq(users.username, username))
      return row!.id
    }

    describe('logout', () => {
      it('refuses the access token of a logged-out session at once, and only that one', async () => {
        const first = await signIn('demo@nova.example')
        const second = await signIn('demo@nova.example')
        expect((await balances(first.accessToken)).body.responseCode).toBe('00')
        const out = await server.call('POST', '/auth/logout', { refreshToken: first.refreshToken })
        expect(out.status).toBe(204)
        const after = await balances(first.accessToken)
        expect(after.status).toBe(401)
        expect(after.body.responseCode).toBe('AU')
        expect((await balances(second.accessToken)).body.responseCode).toBe('00')
        const refresh = await server.call('POST', '/auth/refresh', {
          refreshToken: first.refreshToken,
        })
        expect(refresh.status).toBe(403)
      })
    })

    describe('IP whitelist', () => {
      it('with the mode on, refuses sign-in and every call from an address not on it', async () => {
        const username = 'director@nova.example'
        const customerId = await customerIdOf(username)
        const tokens = await signIn(username)
        expect((await balances(tokens.accessToken)).body.responseCode).toBe('00')
        await server.db.insert(ipWhitelistEntries).values({
          customerId,
          family: 4,
          ipFrom: '203.0.113.1',
          ipTo: '203.0.113.1',
        })
        await server.db.insert(securitySettings).values({ customerId, ipWhitelistEnabled: true })
        const call = await balances(tokens.accessToken)
        expect(call.body.responseCode).toBe('ENOA')
        expect(call.body.responseDescription).toMatch(/not allowed.*whitelisted/)
        const rest = await server.call('GET', '/auth/devices', undefined, {
          token: tokens.accessToken,
        })
        expect(rest.status).toBe(403)
        expect(rest.body.message).toMatch(/whitelisted/)
        const login = await server.login(username)
        expect(login.reply.status).toBe(403)
        expect(login.reply.body.message).toMatch(/127\.0\.0\.1 is not allowed/)
        // The address added to the list opens both again.
        await server.db.insert(ipWhitelistEntries).values({
          customerId,
          family: 4,
          ipFrom: '127.0.0.0',
          ipTo: '127.255.255.255',
        })
        expect((await balances(tokens.accessToken)).body.responseCode).toBe('00')
        expect((await server.login(username)).reply.status).toBe(200)
        await server.db
          .update(securitySettings)
          .set({ ipWhitelistEnabled: false })
          .where(eq(securitySettings.customerId, customerId))
      })
    })

    describe('acting customer', () => {
      it('refuses fromCustomerId of a customer the user has no right on', async () => {
        const personal = await signIn('demo@nova.example')
        const company = await customerIdOf('business@nova.example')
        const reply = await balances(personal.accessToken, { fromCustomerId: company })
        expect(reply.body.responseCode).toBe('13')
        expect(reply.body.responseDescription).toBe('You have no access to this customer.')
        expect(reply.body.accounts).toBeUndefined()
        const own = await balances(personal.accessToken, {
          fromCustomerId: await customerIdOf('demo@nova.example'),
        })
        expect(own.body.responseCode).toBe('00')
      })

      it('lets an administrator act for any customer', async () => {
        const admin = await signIn('admin@nova.example')
        const [row] = await server.db
          .select({ isAdmin: customers.isAdmin })
          .from(customers)
          .where(eq(customers.id, await customerIdOf('admin@nova.example')))
        expect(row?.isAdmin).toBe(true)
        const reply = await balances(admin.accessToken, {
          fromCustomerId: await customerIdOf('demo@nova.example'),
        })
        expect(reply.body.responseCode).toBe('00')
      })
    })

    describe('unknown usernames', () => {
      it('are blocked after five failures with the same answers as a real user', async () => {
        const answers = async (username: string) => {
          const seen: [number, string | undefined][] = []
          for (let attempt = 1; attempt <= 6; attempt++) {
            const { reply } = await server.login(username, 'Wrong-password-1')
            seen.push([reply.status, reply.body.message])
          }
          return seen
        }
        const unknown = await answers('nobody-here@nova.example')
        const known = await answers('soft@nova.example')
        expect(unknown).toEqual(known)
        expect(unknown.slice(0, 4)).toEqual(
          Array(4).fill([403, renderMessage('en', 'answer.auth.wrongCredentials')]),
        )
        expect(unknown[4]![0]).toBe(429)
        expect(unknown[5]![0]).toBe(429)
        const blocked = await server.login('nobody-here@nova.example', 'Wrong-password-1')
        expect(blocked.reply.body.message).toMatch(/too many failed attempts/i)
      })

      it("are refused in the reader's language (Accept-Language), English by default", async () => {
        const attempt = (language?: string) =>
          server.call(
            'POST',
            '/auth/login',
            {
              client: 'spa',
              username: 'nobody-else@nova.example',
              password: 'Wrong-password-1',
              codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
            },
            language ? { headers: { 'accept-language': language } } : {},
          )
        const russian = await attempt('ru')
        expect(russian.status).toBe(403)
        expect(russian.body.message).toBe('Неверное имя пользователя или пароль.')
        expect((await attempt('uk-UA,uk;q=0.9')).body.message).toBe(
          renderMessage('ua', 'answer.auth.wrongCredentials'),
        )
        expect((await attempt()).body.message).toBe('Invalid username or password.')
      })

      it('are recorded in the login history, like every attempt', async () => {
        await server.login('ghost@nova.example', 'Wrong-password-1')
        const rows = await server.db
          .select()
          .from(loginHistory)
          .where(and(eq(loginHistory.username, 'ghost@nova.example')))
        expect(rows).toHaveLength(1)
        expect(rows[0]).toMatchObject({ userId: null, success: false, reason: 'wrong credentials' })
      })
    })
  })
}
