// Changing the password (passwordChange, passwordChangeConfirm): the current password first,
// then a six-digit code by e-mail through the outbox; the code lives 10 minutes and allows five
// wrong tries; confirming signs every device out (product-spec sections 2, 7 and 8).
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoPassword } from '../../../src/server/demo/seed.ts'
import { users } from '../../../src/server/db/schema.ts'
import { securityConfirmations } from '../../../src/server/db/schema-security.ts'
import { outboxMessages } from '../../../src/server/db/schema-outbox.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'

const newPassword = 'Another-Secret-77'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    const latestMessage = async (recipient: string) => {
      const [message] = await server.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, recipient))
        .orderBy(desc(outboxMessages.id))
        .limit(1)
      return message
    }
    const codeSentTo = async (recipient: string): Promise<string> => {
      const code = /\b([0-9]{6})\b/.exec((await latestMessage(recipient))?.body ?? '')?.[1]
      expect(code, `a code in the outbox for ${recipient}`).toBeDefined()
      return code!
    }
    const requestChange = async (token: string, password = demoPassword, next = newPassword) => {
      const reply = await server.post(
        '/rpc/passwordChange',
        { password, passwordNew: next, passwordNewRepeat: next },
        token,
      )
      expect(reply.body.responseCode, reply.text).toBe('00')
      return reply.body.requestKey as string
    }
    const confirm = (token: string, requestKey: string, code: string) =>
      server.post('/rpc/passwordChangeConfirm', { requestKey, code }, token)

    it('sends a code to the e-mail, confirms it, and signs every device out', async () => {
      const session = await server.signIn('demo@nova.example')
      const reply = await server.post(
        '/rpc/passwordChange',
        { password: demoPassword, passwordNew: newPassword, passwordNewRepeat: newPassword },
        session.accessToken,
      )
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect(reply.body.approvalSentTo).toBe('d****@nova.example')
      const message = await latestMessage('demo@nova.example')
      expect(message).toMatchObject({ channel: 'email', subject: 'Confirm your new password' })
      expect(message?.sentAt).toBeNull()
      const code = await codeSentTo('demo@nova.example')

      // Nothing changes before the code comes back.
      expect((await server.beginSignIn('demo@nova.example')).reply.status).toBe(200)

      const confirmed = await confirm(session.accessToken, reply.body.requestKey as string, code)
      expect(confirmed.body.responseCode, confirmed.text).toBe('00')
      expect(confirmed.body.responseDescription).toMatch(
        /^Your password has been successfully updated\. .*link your devices again/,
      )
      expect((await server.beginSignIn('demo@nova.example')).reply.status).toBe(403)
      expect((await server.beginSignIn('demo@nova.example', newPassword)).reply.status).toBe(200)
      const refresh = await server.post('/auth/refresh', { refreshToken: session.refreshToken })
      expect(refresh.status).toBeGreaterThanOrEqual(400)
      expect(refresh.body.accessToken).toBeUndefined()
      expect(await latestMessage('demo@nova.example')).toMatchObject({
        subject: 'Your password was changed',
      })

      // Every session ended, this one too: its access token is refused at once.
      const again = await confirm(session.accessToken, reply.body.requestKey as string, code)
      expect(again.status).toBe(401)
      expect(again.body.responseCode).toBe('AU')
    })

    it('counts wrong codes, and the fifth cancels the change', async () => {
      const { accessToken } = await server.signIn('business@nova.example')
      const requestKey = await requestChange(accessToken)
      const code = await codeSentTo('business@nova.example')
      const wrong = code === '000000' ? '111111' : '000000'
      for (const left of [4, 3, 2, 1]) {
        const reply = await confirm(accessToken, requestKey, wrong)
        expect(reply.body.responseCode).toBe('VF')
        expect(failedParameters(reply)).toEqual(['code'])
        expect(reply.body.errors?.[0]?.description).toContain(`${left} attempts left`)
      }
      const fifth = await confirm(accessToken, requestKey, wrong)
      expect(fifth.body).toMatchObject({
        responseCode: 'TA1',
        responseDescription: 'Confirmation canceled',
      })
      const right = await confirm(accessToken, requestKey, code)
      expect(right.body.responseCode).toBe('TA1')
      expect((await server.beginSignIn('business@nova.example')).reply.status).toBe(200)
    })

    it("lets only the newest request count, and only its own user's", async () => {
      const { accessToken } = await server.signIn('director@nova.example')
      const older = await requestChange(accessToken)
      const olderCode = await codeSentTo('director@nova.example')
      const newer = await requestChange(accessToken)
      const newerCode = await codeSentTo('director@nova.example')
      expect((await confirm(accessToken, older, olderCode)).body.responseCode).toBe('TA1')

      const stranger = (await server.signIn('admin@nova.example')).accessToken
      expect((await confirm(stranger, newer, newerCode)).body.responseCode).toBe('TA1')
      expect((await confirm(accessToken, newer, newerCode)).body.responseCode).toBe('00')
    })

    it('refuses an expired code', async () => {
      const { accessToken } = await server.signIn('admin@nova.example')
      const requestKey = await requestChange(accessToken)
      const code = await codeSentTo('admin@nova.example')
      const [admin] = await server.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.username, 'admin@nova.example'))
      await server.db
        .update(securityConfirmations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(
          and(
            eq(securityConfirmations.kind, 'passwordChange'),
            eq(securityConfirmations.userId, admin!.id),
          ),
        )
      const reply = await confirm(accessToken, requestKey, code)
      expect(reply.body).toMatchObject({
        responseCode: 'TA1',
        responseDescription: 'Confirmation canceled',
      })
      expect((await server.beginSignIn('admin@nova.example')).reply.status).toBe(200)
    })

    const badRequests: [string, { body: object; fields: string[] }][] = [
      [
        'a wrong current password',
        {
          body: {
            password: 'Not-The-Password',
            passwordNew: newPassword,
            passwordNewRepeat: newPassword,
          },
          fields: ['password'],
        },
      ],
      [
        'a repeat that differs',
        {
          body: {
            password: demoPassword,
            passwordNew: newPassword,
            passwordNewRepeat: `${newPassword}x`,
          },
          fields: ['passwordNewRepeat'],
        },
      ],
      [
        'the current password as the new one',
        {
          body: {
            password: demoPassword,
            passwordNew: demoPassword,
            passwordNewRepeat: demoPassword,
          },
          fields: ['passwordNew'],
        },
      ],
      [
        'a new password of 7 characters',
        {
          body: { password: demoPassword, passwordNew: 'Short-1', passwordNewRepeat: 'Short-1' },
          fields: ['passwordNew', 'passwordNewRepeat'],
        },
      ],
      [
        'a missing repeat',
        {
          body: { password: demoPassword, passwordNew: newPassword },
          fields: ['passwordNewRepeat'],
        },
      ],
    ]
    it.each(badRequests)(
      'refuses %s with VF naming the field, sending nothing',
      async (_name, { body, fields }) => {
        const { accessToken } = await server.signIn('employee@nova.example')
        const before = await latestMessage('employee@nova.example')
        const reply = await server.post('/rpc/passwordChange', body, accessToken)
        expect(reply.body.responseCode).toBe('VF')
        expect(failedParameters(reply)).toEqual(fields)
        expect(reply.body).not.toHaveProperty('requestKey')
        expect((await latestMessage('employee@nova.example'))?.id).toBe(before?.id)
      },
    )

    it('blocks sign-in and password checks after five wrong current passwords', async () => {
      const { accessToken } = await server.signIn('employee@nova.example')
      // One wrong password was tried above; a right one resets the count.
      await requestChange(accessToken)
      for (let attempt = 1; attempt <= 5; attempt++) {
        const reply = await server.post(
          '/rpc/passwordChange',
          {
            password: 'Not-The-Password',
            passwordNew: newPassword,
            passwordNewRepeat: newPassword,
          },
          accessToken,
        )
        expect(failedParameters(reply)).toEqual(['password'])
        if (attempt === 5) expect(reply.body.errors?.[0]?.description).toMatch(/Too many failed/)
      }
      expect((await server.beginSignIn('employee@nova.example')).reply.status).toBe(429)
      const blocked = await server.post(
        '/rpc/passwordChange',
        { password: demoPassword, passwordNew: newPassword, passwordNewRepeat: newPassword },
        accessToken,
      )
      expect(blocked.body.responseCode).toBe('VF')
      expect(blocked.body.errors?.[0]?.description).toMatch(/Too many failed/)
    })

    const badConfirms: [string, { body: object; field: string }][] = [
      ['a missing code', { body: { requestKey: 'k' }, field: 'code' }],
      ['an empty request key', { body: { code: '123456', requestKey: '' }, field: 'requestKey' }],
      ['a numeric code', { body: { code: 123456, requestKey: 'k' }, field: 'code' }],
    ]
    it.each(badConfirms)(
      'refuses a confirmation with %s, naming the field',
      async (_name, { body, field }) => {
        const { accessToken } = await server.signIn('director@nova.example', newPassword)
        const reply = await server.post('/rpc/passwordChangeConfirm', body, accessToken)
        expect(reply.body.responseCode).toBe('VF')
        expect(failedParameters(reply)).toEqual([field])
      },
    )

    it.each(['passwordChange', 'passwordChangeConfirm'])(
      'answers %s without a token with 401 AU',
      async (operation) => {
        const reply = await server.post(`/rpc/${operation}`, { code: '123456', requestKey: 'k' })
        expect(reply.status).toBe(401)
        expect(reply.body.responseCode).toBe('AU')
      },
    )
  })
}
