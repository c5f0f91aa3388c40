// Every authFlow of /auth/login as a client meets it (product-spec sections 3 and 4; DESIGN.md
// sections 7 and 11): otp with the authenticator, sms with the texted code, push decided on
// the linked device, verifyDevice with a newly approved device, soft and strict migration.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { totpAt } from '../../../src/server/auth/totp.ts'
import { demoTotpSecret, demoDeviceSecret } from '../../../src/server/demo/auth.ts'
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

    const exchange = (body: Record<string, unknown>) => server.call('POST', '/auth/token', body)
    const devicesWith = (token: string) => server.call('GET', '/auth/devices', undefined, { token })

    describe('otp', () => {
      it('asks for the authenticator code and accepts only the right one', async () => {
        const { verifier, reply } = await server.login('otp@nova.example')
        expect(reply.status).toBe(200)
        expect(reply.body).toMatchObject({ authFlow: 'otp', code: expect.any(String) })
        expect(reply.body.accessToken).toBeUndefined()
        const code = reply.body.code
        const missing = await exchange({ code, codeVerifier: verifier })
        expect(missing.status).toBe(400)
        expect(failedParameters(missing)).toEqual(['otp'])
        const now = totpAt(demoTotpSecret, Date.now())
        const wrong = String((Number(now) + 1) % 1_000_000).padStart(6, '0')
        const refused = await exchange({ code, codeVerifier: verifier, otp: wrong })
        expect(refused.status).toBe(403)
        const tokens = await exchange({ code, codeVerifier: verifier, otp: now })
        expect(tokens.status, tokens.text).toBe(200)
        expect((await devicesWith(String(tokens.body.accessToken))).status).toBe(200)
      })

      it('blocks the code with 429 after five wrong codes, even for the right one', async () => {
        const { verifier, reply } = await server.login('otp@nova.example')
        for (let attempt = 1; attempt <= 5; attempt++) {
          const wrong = await exchange({
            code: reply.body.code,
            codeVerifier: verifier,
            otp: '000000',
          })
          expect(wrong.status, `attempt ${attempt}`).toBe(403)
        }
        const right = await exchange({
          code: reply.body.code,
          codeVerifier: verifier,
          otp: totpAt(demoTotpSecret, Date.now()),
        })
        expect(right.status).toBe(429)
        expect(right.body.message).toMatch(/too many failed attempts/i)
      })
    })

    describe('sms', () => {
      it('texts a code that names the identifier shown, to the masked number', async () => {
        const { verifier, reply } = await server.login('sms@nova.example')
        expect(reply.status).toBe(200)
        expect(reply.body.authFlow).toBe('sms')
        expect(reply.body.phoneNumber).toBe('+44*******456')
        const identifier = String(reply.body.smsIdentifier)
        expect(identifier).toMatch(/^[0-9]{2}$/)
        const [sms] = await server.mailbox('+447700900456')
        expect(sms?.channel).toBe('sms')
        expect(sms?.body).toContain(`${identifier}-`)
        const wrong = await exchange({
          code: reply.body.code,
          codeVerifier: verifier,
          otp: '999999',
        })
        expect(wrong.status).toBe(403)
        const tokens = await exchange({
          code: reply.body.code,
          codeVerifier: verifier,
          otp: codeIn(sms),
        })
        expect(tokens.status, tokens.text).toBe(200)
        const again = await exchange({
          code: reply.body.code,
          codeVerifier: verifier,
          otp: codeIn(sms),
        })
        expect(again.status).toBe(403)
      })
    })

    describe('push', () => {
      /** A waiting page's socket; `before` is what it heard up to "awaiting". */
      async function awaitDecision(code: string): Promise<{
        socket: WebSocket
        decision: Promise<Record<string, unknown>>
        before: Record<string, unknown>[]
      }> {
        const socket = new WebSocket(`${server.baseUrl.replace('http', 'ws')}/realtime`)
        await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
        const messages: Record<string, unknown>[] = []
        let awaited = () => {}
        const awaiting = new Promise<void>((resolve) => (awaited = resolve))
        const decision = new Promise<Record<string, unknown>>((resolve) =>
          socket.on('message', (data) => {
            const message = JSON.parse(String(data)) as Record<string, unknown>
            messages.push(message)
            if (message.type === 'PushLoginDecision') resolve(message)
            if (message.type === 'awaiting') awaited()
          }),
        )
        socket.send(JSON.stringify({ type: 'awaitLogin', code }))
        await awaiting
        return { socket, decision, before: [...messages] }
      }

      async function pushKey(): Promise<string> {
        const [push] = await server.mailbox('push@nova.example')
        expect(push?.channel).toBe('push')
        const key = push?.data?.key
        if (!key) throw new Error('no key in the push')
        return key
      }

      it('waits for the device, tells the waiting page, then gives tokens', async () => {
        const { verifier, reply } = await server.login('push@nova.example')
        expect(reply.status).toBe(200)
        expect(reply.body.authFlow).toBe('push')
        expect(reply.body.devices).toEqual([expect.objectContaining({ name: 'Demo phone' })])
        const code = String(reply.body.code)
        const { socket, decision } = await awaitDecision(code)
        const early = await exchange({ code, codeVerifier: verifier })
        expect(early.status).toBe(403)
        expect(early.body.message).toMatch(/waiting for approval/i)
        const confirm = await server.call('PUT', `/auth/login/${await pushKey()}/confirm`, {
          result: true,
        })
        expect(confirm.status, confirm.text).toBe(204)
        expect(await decision).toEqual({ type: 'PushLoginDecision', result: true })
        socket.close()
        const tokens = await exchange({ code, codeVerifier: verifier })
        expect(tokens.status, tokens.text).toBe(200)
      })

      it('a refusal with a reason reaches the page and the exchange; the key works once', async () => {
        const { verifier, reply } = await server.login('push@nova.example')
        const code = String(reply.body.code)
        const { socket, decision } = await awaitDecision(code)
        const key = await pushKey()
        const refusal = await server.call('PUT', `/auth/login/${key}/confirm`, {
          result: false,
          reason: 'Not me',
        })
        expect(refusal.status).toBe(204)
        expect(await decision).toEqual({
          type: 'PushLoginDecision',
          result: false,
          reason: 'Not me',
        })
        socket.close()
        const tokens = await exchange({ code, codeVerifier: verifier })
        expect(tokens.status).toBe(403)
        expect(tokens.body.message).toContain('Not me')
        const twice = await server.call('PUT', `/auth/login/${key}/confirm`, { result: true })
        expect(twice.status).toBe(404)
      })

      it('a decision made before the page listens still reaches it', async () => {
        const { verifier, reply } = await server.login('push@nova.example')
        const code = String(reply.body.code)
        const confirm = await server.call('PUT', `/auth/login/${await pushKey()}/confirm`, {
          result: true,
        })
        expect(confirm.status, confirm.text).toBe(204)
        const { socket, decision, before } = await awaitDecision(code)
        expect(before).toEqual([{ type: 'PushLoginDecision', result: true }, { type: 'awaiting' }])
        expect(await decision).toEqual({ type: 'PushLoginDecision', result: true })
        socket.close()
        expect((await exchange({ code, codeVerifier: verifier })).status).toBe(200)
        // Once exchanged, the stored decision is not told again.
        const late = await awaitDecision(code)
        expect(late.before).toEqual([{ type: 'awaiting' }])
        late.socket.close()
      })

      it('re-sends the push with a new key, and the old key stops working', async () => {
        const { verifier, reply } = await server.login('push@nova.example')
        const code = String(reply.body.code)
        const oldKey = await pushKey()
        const resent = await server.call('POST', '/auth/push/re-send', { code })
        expect(resent.status).toBe(204)
        const newKey = await pushKey()
        expect(newKey).not.toBe(oldKey)
        expect(
          (await server.call('PUT', `/auth/login/${oldKey}/confirm`, { result: true })).status,
        ).toBe(404)
        expect(
          (await server.call('PUT', `/auth/login/${newKey}/confirm`, { result: true })).status,
        ).toBe(204)
        expect((await exchange({ code, codeVerifier: verifier })).status).toBe(200)
        const unknown = await server.call('POST', '/auth/push/re-send', { code: 'no-such-code' })
        expect(unknown.status).toBe(404)
      })

      it('the linked device signs in with its own secret and sees itself', async () => {
        const tokens = await exchange({ secret: demoDeviceSecret })
        expect(tokens.status, tokens.text).toBe(200)
        const device = await server.call('GET', '/device-api/device', undefined, {
          token: String(tokens.body.accessToken),
        })
        expect(device.status).toBe(200)
        expect(device.body).toMatchObject({ name: 'Demo phone', status: 'approved' })
        expect((await exchange({ secret: 'not-a-device-secret' })).status).toBe(403)
      })
    })

    describe('verifyDevice', () => {
      it('links and approves a device with the tmpJwt, then completes the sign-in', async () => {
        const { verifier, reply } = await server.login('verify@nova.example')
        expect(reply.status).toBe(200)
        expect(reply.body).toMatchObject({ authFlow: 'verifyDevice', tmpJwt: expect.any(String) })
        const code = String(reply.body.code)
        const tmp = String(reply.body.tmpJwt)
        const early = await exchange({ code, codeVerifier: verifier })
        expect(early.status).toBe(403)
        // The tmpJwt opens device linking only.
        const elsewhere = await server.call('POST', '/rpc/balanceInquiry', {}, { token: tmp })
        expect(elsewhere.status).toBe(401)
        const created = await server.call(
          'POST',
          '/auth/devices',
          { name: 'My phone', type: 'ios' },
          { token: tmp },
        )
        expect(created.status, created.text).toBe(200)
        expect(created.body.status).toBe('pending')
        expect(String(created.body.link)).toMatch(/^novapay:\/\/link-device\?device=.+&secret=.+/)
        const deviceId = String(created.body.id)
        const methods = await server.call('GET', '/auth/devices/approve-methods', undefined, {
          token: tmp,
        })
        expect(methods.body.methods).toEqual([
          expect.objectContaining({ id: 'email', destination: 'v****@nova.example' }),
        ])
        const chosen = await server.call(
          'PATCH',
          `/auth/devices/${deviceId}/approve/email`,
          undefined,
          {
            token: tmp,
          },
        )
        expect(chosen.status, chosen.text).toBe(200)
        expect(chosen.body).toEqual({ methodId: 'email', sentTo: 'v****@nova.example' })
        const [mail] = await server.mailbox('verify@nova.example')
        const wrong = await server.call(
          'POST',
          `/auth/devices/${deviceId}/approve`,
          { code: '000000' },
          { token: tmp },
        )
        expect(wrong.status).toBe(403)
        expect(wrong.body.message).toMatch(/4 attempts left/)
        const approved = await server.call(
          'POST',
          `/auth/devices/${deviceId}/approve`,
          { code: codeIn(mail) },
          { token: tmp },
        )
        expect(approved.status, approved.text).toBe(200)
        expect(approved.body.status).toBe('approved')
        const tokens = await exchange({ code, codeVerifier: verifier })
        expect(tokens.status, tokens.text).toBe(200)
        // With a device approved, the user's next sign-in is a push to it.
        expect((await server.login('verify@nova.example')).reply.body.authFlow).toBe('push')
      })
    })

    describe('migration to push two-factor', () => {
      it('soft: the flow goes on, with the days left and a tmpJwt to set up push', async () => {
        const { verifier, reply } = await server.login('soft@nova.example')
        expect(reply.status).toBe(200)
        expect(reply.body.authFlow).toBe('direct')
        expect(reply.body.migration).toMatchObject({
          req: 'soft',
          daysLeft: 14,
          strat: 'enable',
          tmpJwt: expect.any(String),
          devices: [],
        })
        const tokens = await exchange({ code: reply.body.code, codeVerifier: verifier })
        expect(tokens.status).toBe(200)
      })

      it('strict: no code until a device is approved; then the sign-in is a push', async () => {
        const { reply } = await server.login('strict@nova.example')
        expect(reply.status).toBe(200)
        expect(reply.body.code).toBeUndefined()
        expect(reply.body.accessToken).toBeUndefined()
        const migration = reply.body.migration as { req: string; tmpJwt: string; strat: string }
        expect(migration).toMatchObject({ req: 'strict', daysLeft: 0, strat: 'enable' })
        const scp = await server.call('POST', '/auth/scp/request', { tmpJwt: migration.tmpJwt })
        expect(scp.status).toBe(200)
        const appToken = new URL(String(scp.body.deeplink)).searchParams.get('token') ?? ''
        const created = await server.call(
          'POST',
          '/auth/devices',
          { name: 'Strict phone', type: 'android' },
          { token: appToken },
        )
        expect(created.status, created.text).toBe(200)
        const deviceId = String(created.body.id)
        await server.call('PATCH', `/auth/devices/${deviceId}/approve/email`, undefined, {
          token: appToken,
        })
        const [mail] = await server.mailbox('strict@nova.example')
        const approved = await server.call(
          'POST',
          `/auth/devices/${deviceId}/approve`,
          { code: codeIn(mail) },
          { token: appToken },
        )
        expect(approved.status, approved.text).toBe(200)
        const again = await server.login('strict@nova.example')
        expect(again.reply.body.authFlow).toBe('push')
        expect(again.reply.body.migration).toBeUndefined()
      })

      it('refuses a scp request without a valid tmpJwt', async () => {
        const reply = await server.call('POST', '/auth/scp/request', { tmpJwt: 'not.a.jwt' })
        expect(reply.status).toBe(403)
      })
    })
  })
}
