// Notification settings (notificationSettingsGet, notificationSettingsSet): every setting of
// the catalogue with its group and the customer's value, defaults until the customer chooses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'

interface Setting {
  identified: string
  value: boolean
  group?: string
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let demo: string
    let business: string
    beforeAll(async () => {
      server = await startServer(target)
      demo = (await server.signIn('demo@nova.example')).accessToken
      business = (await server.signIn('business@nova.example')).accessToken
    })
    afterAll(async () => {
      await server?.close()
    })

    const settingsOf = async (token: string) => {
      const reply = await server.post('/rpc/notificationSettingsGet', {}, token)
      expect(reply.body.responseCode, reply.text).toBe('00')
      return new Map((reply.body.settings as Setting[]).map((s) => [s.identified, s]))
    }

    it('lists every setting with its group, defaults and the demo choice', async () => {
      const settings = await settingsOf(demo)
      expect(settings.size).toBe(10)
      expect(settings.get('incomingTransfer')).toEqual({
        identified: 'incomingTransfer',
        value: true,
        group: 'transactions',
      })
      expect(settings.get('newSignIn')).toMatchObject({ value: true, group: 'security' })
      expect(settings.get('newsletter')).toMatchObject({ value: false, group: 'marketing' })
      // The demo customer chose product updates.
      expect(settings.get('productUpdates')).toMatchObject({ value: true, group: 'marketing' })
      expect((await settingsOf(business)).get('productUpdates')?.value).toBe(false)
    })

    it('turns a setting on and off again, for this customer only', async () => {
      const on = await server.post(
        '/rpc/notificationSettingsSet',
        { identified: 'newsletter', value: true },
        demo,
      )
      expect(on.body.responseCode, on.text).toBe('00')
      expect(on.body.setting).toEqual({ identified: 'newsletter', value: true, group: 'marketing' })
      expect((await settingsOf(demo)).get('newsletter')?.value).toBe(true)
      expect((await settingsOf(business)).get('newsletter')?.value).toBe(false)

      const off = await server.post(
        '/rpc/notificationSettingsSet',
        { identified: 'newsletter', value: false },
        demo,
      )
      expect(off.body.setting).toMatchObject({ value: false })
      expect((await settingsOf(demo)).get('newsletter')?.value).toBe(false)
    })

    const badInput: [string, { body: object; field: string }][] = [
      ['an unknown setting', { body: { identified: 'lottery', value: true }, field: 'identified' }],
      ['an empty identifier', { body: { identified: '', value: true }, field: 'identified' }],
      [
        'a value that is no boolean',
        { body: { identified: 'newsletter', value: 1 }, field: 'value' },
      ],
      ['a missing value', { body: { identified: 'newsletter' }, field: 'value' }],
    ]
    it.each(badInput)('refuses %s with VF naming the field', async (_name, { body, field }) => {
      const reply = await server.post('/rpc/notificationSettingsSet', body, demo)
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual([field])
      expect(reply.body).not.toHaveProperty('setting')
    })

    it.each(['notificationSettingsGet', 'notificationSettingsSet'])(
      'answers %s without a token with 401 AU',
      async (operation) => {
        const reply = await server.post(`/rpc/${operation}`, {
          identified: 'newsletter',
          value: true,
        })
        expect(reply.status).toBe(401)
        expect(reply.body.responseCode).toBe('AU')
      },
    )
  })
}
