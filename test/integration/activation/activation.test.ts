// Account activation and recovery (product-spec sections 2, 4, 7 and 8): the e-mailed code
// activates the account and signs the user in; a business activation sends its authorized
// users their links; recovery checks a code and sets a new password, ending every session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../../src/server/db/schema.ts'
import { hashPassword } from '../../../src/server/auth/password-hash.ts'
import { issueAccountCode } from '../../../src/server/activation/account-codes.ts'
import { renderMessage } from '../../../src/server/messages/messages.ts'
import { customers } from '../../../src/server/db/schema.ts'
import { demoPassword } from '../../../src/server/demo/seed.ts'
import { databaseTargets, failedParameters } from '../server-harness.ts'
import { startAuthServer, type AuthServer } from '../auth/auth-server.ts'

const codeOf = (body: string | undefined) => /code is ([A-Z0-9]{8})/.exec(body ?? '')?.[1] ?? ''

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: AuthServer
    beforeAll(async () => {
      server = await startAuthServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    const rpc = (operation: string, body: unknown) => server.call('POST', `/rpc/${operation}`, body)
    const latestCode = async (recipient: string) =>
      codeOf((await server.mailbox(recipient))[0]?.body)

    async function pendingUser(username: string) {
      const [customer] = await server.db
        .insert(customers)
        .values({ customerType: 0, email: username, firstName: 'Test' })
        .returning()
      const [user] = await server.db
        .insert(users)
        .values({
          username,
          passwordHash: await hashPassword(demoPassword),
          customerId: customer!.id,
        })
        .returning()
      await issueAccountCode(server.db, user!.id, 'activation', {
        recipient: username,
        lang: 'en',
        mail: 'activation',
        params: (code) => ({ code, link: '/activate' }),
      })
    }

    describe('activation', () => {
      it('signs in with the e-mailed code, once; before it, sign-in is refused', async () => {
        const before = await server.login('pending@nova.example')
        expect(before.reply.status).toBe(403)
        expect(before.reply.body.message).toBe(renderMessage('en', 'answer.auth.notActivated'))
        const [mail] = await server.mailbox('pending@nova.example')
        expect(mail?.body).toContain('/activate?action=activation&user=pending%40nova.example')
        const code = codeOf(mail?.body)
        const wrong = await rpc('accountActivate', {
          username: 'pending@nova.example',
          activationCode: 'WRONG234',
        })
        expect(wrong.body.responseCode).toBe('VF')
        expect(failedParameters(wrong)).toEqual(['activationCode'])
        const done = await rpc('accountActivate', {
          username: 'pending@nova.example',
          activationCode: code,
        })
        expect(done.body.responseCode, done.text).toBe('00')
        const tokens = done.body.tokens as { accessToken: string }
        const call = await server.call('GET', '/auth/devices', undefined, {
          token: tokens.accessToken,
        })
        expect(call.status).toBe(200)
        expect((await server.login('pending@nova.example')).reply.status).toBe(200)
        const again = await rpc('accountActivate', {
          username: 'pending@nova.example',
          activationCode: code,
        })
        expect(again.body.responseCode).toBe('VF')
      })

      it('answers an unknown address like a wrong code', async () => {
        const reply = await rpc('accountActivate', {
          username: 'nobody@nova.example',
          activationCode: 'ABCDEFGH',
        })
        expect(reply.body.responseCode).toBe('VF')
        expect(failedParameters(reply)).toEqual(['activationCode'])
      })

      it('a business activation sends its authorized users their links', async () => {
        expect(await server.mailbox('staff@nova.example')).toEqual([])
        const done = await rpc('businessActivate', {
          email: 'newco@nova.example',
          activationCode: await latestCode('newco@nova.example'),
        })
        expect(done.body.responseCode, done.text).toBe('00')
        const [link] = await server.mailbox('staff@nova.example')
        expect(link?.body).toContain('action=activationEmployee')
        expect((await server.login('staff@nova.example')).reply.status).toBe(403)
        const staff = await rpc('accountActivate', {
          username: 'staff@nova.example',
          activationCode: codeOf(link?.body),
        })
        expect(staff.body.responseCode, staff.text).toBe('00')
        expect((await server.login('staff@nova.example')).reply.status).toBe(200)
      })

      it('re-sends a code (the older stops working) and blocks after five wrong codes', async () => {
        await pendingUser('late@nova.example')
        const first = await latestCode('late@nova.example')
        const resent = await rpc('activationCodeResend', { email: 'late@nova.example' })
        expect(resent.body.responseCode).toBe('00')
        const second = await latestCode('late@nova.example')
        expect(second).not.toBe(first)
        const old = await rpc('accountActivate', {
          username: 'late@nova.example',
          activationCode: first,
        })
        expect(old.body.responseCode).toBe('VF')
        for (let attempt = 1; attempt <= 3; attempt++) {
          const wrong = await rpc('accountActivate', {
            username: 'late@nova.example',
            activationCode: 'WRONG234',
          })
          expect(wrong.body.responseCode, `attempt ${attempt}`).toBe('VF')
        }
        const fifth = await rpc('accountActivate', {
          username: 'late@nova.example',
          activationCode: 'WRONG234',
        })
        expect(fifth.body.responseCode).toBe('TA1')
        const right = await rpc('accountActivate', {
          username: 'late@nova.example',
          activationCode: second,
        })
        expect(right.body.responseCode).not.toBe('00')
        const unknown = await rpc('activationCodeResend', { email: 'nobody@nova.example' })
        expect(unknown.body.responseCode).toBe('00')
        expect(await server.mailbox('nobody@nova.example')).toEqual([])
      })
    })

    describe('account recovery', () => {
      it('checks the code, sets the new password and ends every session', async () => {
        const { verifier, reply } = await server.login('recovery@nova.example')
        const session = await server.call('POST', '/auth/token', {
          code: reply.body.code,
          codeVerifier: verifier,
        })
        const oldToken = String(session.body.accessToken)
        const asked = await rpc('passwordChangeRequest', { email: 'recovery@nova.example' })
        expect(asked.body.responseCode).toBe('00')
        const code = await latestCode('recovery@nova.example')
        const email = 'recovery@nova.example'
        const wrong = await rpc('passwordChangeCodeCheck', { email, code: 'WRONG234' })
        expect(wrong.body.responseCode).toBe('VF')
        expect(failedParameters(wrong)).toEqual(['code'])
        const right = await rpc('passwordChangeCodeCheck', { email, code })
        expect(right.body.responseCode).toBe('00')
        const applied = await rpc('passwordChangeApply', { email, code, password: 'New-pass-2026' })
        expect(applied.body.responseCode, applied.text).toBe('00')
        expect(applied.body.responseDescription).toBe(
          'Your password has been successfully updated.',
        )
        const oldCall = await server.call('GET', '/auth/devices', undefined, { token: oldToken })
        expect(oldCall.status).toBe(401)
        expect((await server.login(email)).reply.status).toBe(403)
        expect((await server.login(email, 'New-pass-2026')).reply.status).toBe(200)
        const reuse = await rpc('passwordChangeApply', { email, code, password: 'Another-2026' })
        expect(reuse.body.responseCode).toBe('VF')
      })

      it('reveals nothing about unknown addresses and blocks after five wrong codes', async () => {
        const unknown = await rpc('passwordChangeRequest', { email: 'nobody@nova.example' })
        expect(unknown.body.responseCode).toBe('00')
        expect(await server.mailbox('nobody@nova.example')).toEqual([])
        await rpc('passwordChangeRequest', { email: 'soft@nova.example' })
        const code = await latestCode('soft@nova.example')
        for (let attempt = 1; attempt <= 4; attempt++) {
          await rpc('passwordChangeCodeCheck', { email: 'soft@nova.example', code: 'WRONG234' })
        }
        const fifth = await rpc('passwordChangeCodeCheck', {
          email: 'soft@nova.example',
          code: 'WRONG234',
        })
        expect(fifth.body.responseCode).toBe('TA1')
        const right = await rpc('passwordChangeApply', {
          email: 'soft@nova.example',
          code,
          password: 'New-pass-2026',
        })
        expect(right.body.responseCode).not.toBe('00')
        expect((await server.login('soft@nova.example')).reply.status).toBe(200)
      })
    })
  })
}
