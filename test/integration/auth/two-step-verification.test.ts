// POST /customer/two-step-verification and its confirm (product-spec sections 6 and 7): the
// otp mode enrols an authenticator through an otpauth:// URI; other modes confirm with a code
// from the outbox; a login mode change ends every session and answers new tokens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { totpAt } from '../../../src/server/auth/totp.ts'
import { databaseTargets, failedParameters } from '../server-harness.ts'
import { codeIn, startAuthServer, type AuthServer } from './auth-server.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: AuthServer
    beforeAll(async () => {
      server = await startAuthServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    async function signIn(username: string, otp?: string) {
      const { verifier, reply } = await server.login(username)
      const tokens = await server.call('POST', '/auth/token', {
        code: reply.body.code,
        codeVerifier: verifier,
        ...(otp ? { otp } : {}),
      })
      expect(tokens.status, tokens.text).toBe(200)
      return tokens.body as { accessToken: string; refreshToken: string }
    }
    const ask = (token: string, body: Record<string, unknown>) =>
      server.call('POST', '/customer/two-step-verification', body, { token })
    const confirm = (token: string, reqId: string, code: string) =>
      server.call('POST', `/customer/two-step-verification/${reqId}/confirm`, { code }, { token })

    it('enrols an authenticator for otp sign-in and answers new tokens', async () => {
      const old = await signIn('soft@nova.example')
      const asked = await ask(old.accessToken, { mode: 'otp', typeMode: 'login' })
      expect(asked.status, asked.text).toBe(200)
      const uri = new URL(String(asked.body.otpauthUri))
      expect(uri.protocol).toBe('otpauth:')
      expect(uri.host).toBe('totp')
      expect(decodeURIComponent(uri.pathname)).toBe('/Nova:soft@nova.example')
      const secret = uri.searchParams.get('secret') ?? ''
      expect(secret).toMatch(/^[A-Z2-7]{32}$/)
      const reqId = String(asked.body.reqId)
      const wrong = await confirm(old.accessToken, reqId, '000000')
      expect(wrong.status).toBe(400)
      expect(failedParameters(wrong)).toEqual(['code'])
      const done = await confirm(old.accessToken, reqId, totpAt(secret, Date.now()))
      expect(done.status, done.text).toBe(200)
      expect(done.body.accessToken).toEqual(expect.any(String))
      // Every older session ended; the new tokens work; the next sign-in asks for the OTP.
      const oldCall = await server.call('GET', '/auth/devices', undefined, {
        token: old.accessToken,
      })
      expect(oldCall.status).toBe(401)
      const newCall = await server.call('GET', '/auth/devices', undefined, {
        token: String(done.body.accessToken),
      })
      expect(newCall.status).toBe(200)
      expect((await server.login('soft@nova.example')).reply.body.authFlow).toBe('otp')
      await signIn('soft@nova.example', totpAt(secret, Date.now()))
      // The request is spent.
      const again = await confirm(String(done.body.accessToken), reqId, totpAt(secret, Date.now()))
      expect(again.status).toBe(404)
    })

    it('confirms a transaction mode with the code texted to the confirmed phone', async () => {
      const tokens = await signIn('demo@nova.example')
      const asked = await ask(tokens.accessToken, { mode: 'sms', typeMode: 'transaction' })
      expect(asked.status, asked.text).toBe(200)
      expect(asked.body.approvalSentTo).toBe('+44*******123')
      expect(asked.body.otpauthUri).toBeUndefined()
      const [sms] = await server.mailbox('+447700900123')
      const done = await confirm(tokens.accessToken, String(asked.body.reqId), codeIn(sms))
      expect(done.status, done.text).toBe(200)
      expect(done.body).toEqual({})
      // The transaction mode changed; the session goes on.
      const same = await ask(tokens.accessToken, { mode: 'sms', typeMode: 'transaction' })
      expect(same.status).toBe(400)
      expect(failedParameters(same)).toEqual(['mode'])
    })

    it('blocks a request after five wrong codes', async () => {
      const tokens = await signIn('demo@nova.example')
      const asked = await ask(tokens.accessToken, { mode: 'otp', typeMode: 'transaction' })
      const reqId = String(asked.body.reqId)
      for (let attempt = 1; attempt <= 4; attempt++) {
        expect((await confirm(tokens.accessToken, reqId, '000000')).status).toBe(400)
      }
      const fifth = await confirm(tokens.accessToken, reqId, '000000')
      expect(fifth.status).toBe(429)
      const secret = new URL(String(asked.body.otpauthUri)).searchParams.get('secret') ?? ''
      const right = await confirm(tokens.accessToken, reqId, totpAt(secret, Date.now()))
      expect(right.status).toBe(429)
    })

    it('refuses push without an approved device, naming mode', async () => {
      const tokens = await signIn('demo@nova.example')
      const reply = await ask(tokens.accessToken, { mode: 'push', typeMode: 'login' })
      expect(reply.status).toBe(400)
      expect(failedParameters(reply)).toEqual(['mode'])
    })

    it("does not confirm another user's request", async () => {
      const owner = await signIn('demo@nova.example')
      const other = await signIn('devices@nova.example')
      const asked = await ask(owner.accessToken, { mode: 'direct', typeMode: 'transaction' })
      const [mail] = await server.mailbox('+447700900123')
      const reply = await confirm(other.accessToken, String(asked.body.reqId), codeIn(mail))
      expect(reply.status).toBe(404)
    })
  })
}
