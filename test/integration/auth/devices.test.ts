// Linked devices (product-spec sections 3, 4, 6 and 7): the user's device list and unlinking,
// the deprecated /external/device paths answering the same, and the internal endpoints other
// servers call with the internal service token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoPassword } from '../../../src/server/demo/seed.ts'
import { databaseTargets } from '../server-harness.ts'
import { internalToken, startAuthServer, type AuthServer } from './auth-server.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: AuthServer
    let token: string
    let userId: number
    beforeAll(async () => {
      server = await startAuthServer(target)
      const { verifier, reply } = await server.login('devices@nova.example')
      userId = Number(reply.body.userId)
      const tokens = await server.call('POST', '/auth/token', {
        code: reply.body.code,
        codeVerifier: verifier,
      })
      token = String(tokens.body.accessToken)
    })
    afterAll(async () => {
      await server?.close()
    })

    const internal = { headers: { 'x-internal-token': internalToken } }
    const names = (reply: { body: Record<string, unknown> }) =>
      (reply.body.devices as { name: string }[]).map((device) => device.name)

    it('lists the devices newest first, the same on the deprecated path', async () => {
      const list = await server.call('GET', '/auth/devices', undefined, { token })
      expect(list.status).toBe(200)
      expect(names(list)).toContain('Work phone')
      const old = await server.call('GET', '/external/device', undefined, { token })
      expect(old.body).toEqual(list.body)
      // No secret or link ever comes back after linking.
      expect(JSON.stringify(list.body)).not.toMatch(/secret|link/)
    })

    it('links a device whose link carries its secret once; unlinking ends its sign-ins', async () => {
      const created = await server.call(
        'POST',
        '/external/device',
        { name: 'Unlink me', type: 'android' },
        { token },
      )
      expect(created.status).toBe(200)
      const id = String(created.body.id)
      const secret = new URL(String(created.body.link)).searchParams.get('secret')
      expect(secret).toBe(created.body.secret)
      const decided = await server.call(
        'PUT',
        `/users/${userId}/devices/${id}/approve`,
        {},
        internal,
      )
      expect(decided.body.status).toBe('approved')
      const deviceTokens = await server.call('POST', '/auth/token', { secret })
      expect(deviceTokens.status).toBe(200)
      const deviceToken = String(deviceTokens.body.accessToken)
      const self = await server.call('GET', '/device-api/device', undefined, {
        token: deviceToken,
      })
      expect(self.body.id).toBe(id)
      const removed = await server.call('DELETE', `/auth/devices/${id}`, undefined, { token })
      expect(removed.status).toBe(204)
      const gone = await server.call('GET', `/auth/devices/${id}`, undefined, { token })
      expect(gone.status).toBe(404)
      const afterwards = await server.call('GET', '/device-api/device', undefined, {
        token: deviceToken,
      })
      expect(afterwards.status).toBe(401)
      expect((await server.call('POST', '/auth/token', { secret })).status).toBe(403)
    })

    it("does not show or delete another user's device", async () => {
      const { verifier, reply } = await server.login('demo@nova.example')
      const other = await server.call('POST', '/auth/token', {
        code: reply.body.code,
        codeVerifier: verifier,
      })
      const stranger = String(other.body.accessToken)
      const id = '00000000-0000-4000-8000-00000000d101'
      const get = await server.call('GET', `/auth/devices/${id}`, undefined, { token: stranger })
      expect(get.status).toBe(404)
      const del = await server.call('DELETE', `/auth/devices/${id}`, undefined, {
        token: stranger,
      })
      expect(del.status).toBe(404)
      expect((await server.call('GET', `/auth/devices/${id}`, undefined, { token })).status).toBe(
        200,
      )
    })

    it('limits pending devices and approve codes, so linking cannot flood anyone', async () => {
      const { verifier, reply } = await server.login('soft@nova.example')
      const session = await server.call('POST', '/auth/token', {
        code: reply.body.code,
        codeVerifier: verifier,
      })
      const own = { token: String(session.body.accessToken) }
      const created: string[] = []
      for (let index = 1; index <= 10; index++) {
        const device = await server.call(
          'POST',
          '/auth/devices',
          { name: `P${index}`, type: 'ios' },
          own,
        )
        expect(device.status, `device ${index}`).toBe(200)
        created.push(String(device.body.id))
      }
      const eleventh = await server.call('POST', '/auth/devices', { name: 'P11', type: 'ios' }, own)
      expect(eleventh.status).toBe(429)
      expect(eleventh.body.message).toMatch(/waiting for approval/)
      for (let index = 0; index < 5; index++) {
        const sent = await server.call(
          'PATCH',
          `/auth/devices/${created[index]}/approve/email`,
          undefined,
          own,
        )
        expect(sent.status, `code ${index + 1}`).toBe(200)
      }
      const sixth = await server.call(
        'PATCH',
        `/auth/devices/${created[5]}/approve/email`,
        undefined,
        own,
      )
      expect(sixth.status).toBe(429)
      for (const id of created) await server.call('DELETE', `/auth/devices/${id}`, undefined, own)
      const again = await server.call('POST', '/auth/devices', { name: 'P12', type: 'ios' }, own)
      expect(again.status).toBe(200)
    })

    describe('internal endpoints', () => {
      it('refuse a call without the internal service token', async () => {
        const reply = await server.call('GET', `/users/${userId}/devices`)
        expect(reply.status).toBe(403)
        const wrong = await server.call(
          'POST',
          '/internal/login',
          {
            username: 'demo@nova.example',
            password: demoPassword,
          },
          { headers: { 'x-internal-token': 'guess' } },
        )
        expect(wrong.status).toBe(403)
      })

      it('sign in with a password, on the current and the deprecated path', async () => {
        for (const path of ['/internal/login', '/login']) {
          const reply = await server.call(
            'POST',
            path,
            { username: 'demo@nova.example', password: demoPassword },
            internal,
          )
          expect(reply.status, reply.text).toBe(200)
          expect(reply.body.accessToken).toEqual(expect.any(String))
        }
        const wrong = await server.call(
          'POST',
          '/internal/login',
          { username: 'demo@nova.example', password: 'Wrong-password' },
          internal,
        )
        expect(wrong.status).toBe(403)
      })

      it('check a password', async () => {
        const right = await server.call(
          'POST',
          `/users/${userId}/check-password`,
          { password: demoPassword },
          internal,
        )
        expect(right.body).toEqual({ result: true })
        const wrong = await server.call(
          'POST',
          `/users/${userId}/check-password`,
          { password: 'Wrong-password' },
          internal,
        )
        expect(wrong.body).toEqual({ result: false })
        const nobody = await server.call(
          'POST',
          '/users/999999/check-password',
          { password: demoPassword },
          internal,
        )
        expect(nobody.status).toBe(404)
      })

      it('list devices of several users and refuse a bad id list', async () => {
        const reply = await server.call(
          'GET',
          `/users/${userId},${userId + 1}/devices`,
          undefined,
          internal,
        )
        expect(reply.status).toBe(200)
        const users = reply.body.users as { userId: number; devices: unknown[] }[]
        expect(users.map((user) => user.userId)).toEqual([userId, userId + 1])
        expect(users[0]!.devices.length).toBeGreaterThan(0)
        const bad = await server.call('GET', '/users/1,abc/devices', undefined, internal)
        expect(bad.status).toBe(400)
        expect(bad.body.responseCode).toBe('VF')
      })

      it('refuse a device with a reason, and push to devices', async () => {
        const id = '00000000-0000-4000-8000-00000000d108'
        const refused = await server.call(
          'PUT',
          `/users/${userId}/devices/${id}/refuse`,
          { reason: 'Unknown phone' },
          internal,
        )
        expect(refused.status).toBe(200)
        expect(refused.body).toMatchObject({ status: 'refused', reason: 'Unknown phone' })
        const push = await server.call(
          'POST',
          `/users/${userId}/push`,
          { title: 'Hello', body: 'To all approved devices' },
          internal,
        )
        expect(push.status).toBe(200)
        const approved = (
          (await server.call('GET', '/auth/devices', undefined, { token })).body.devices as {
            status: string
          }[]
        ).filter((device) => device.status === 'approved')
        expect(push.body.sent).toBe(approved.length)
        const mailbox = await server.mailbox('devices@nova.example')
        expect(mailbox.filter((m) => m.body === 'To all approved devices')).toHaveLength(
          approved.length,
        )
        const pending = await server.call(
          'POST',
          `/users/${userId}/push/00000000-0000-4000-8000-00000000d102`,
          { title: 'Hello', body: 'Not yet approved' },
          internal,
        )
        expect(pending.status).toBe(404)
      })

      it('update the sign-in profile', async () => {
        const reply = await server.call(
          'PATCH',
          `/users/${userId}`,
          { scp: 'push', type: 3 },
          internal,
        )
        expect(reply.status).toBe(200)
        expect(reply.body).toEqual({ userId, scp: 'push', type: 3 })
      })
    })

    it('serves the demo mailbox only in demo mode', async () => {
      const production = await startAuthServer(target, { DEMO: 'false' })
      try {
        const reply = await production.call('GET', '/demo/mailbox?recipient=demo@nova.example')
        expect(reply.status).toBe(404)
      } finally {
        await production.close()
      }
    })
  })
}
