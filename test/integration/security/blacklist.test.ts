// The payout blacklist (blacklistList, blacklistAdd, blacklistDelete): payees a customer will
// not pay out to, by e-mail and block type, with the product's success text (section 8).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'

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

    const listOf = async (token: string) => {
      const reply = await server.post('/rpc/blacklistList', {}, token)
      expect(reply.body.responseCode, reply.text).toBe('00')
      return reply.body.users
    }

    it("lists the demo customer's blacklisted payee", async () => {
      expect(await listOf(demo)).toEqual([{ email: 'chargeback@mail.example', blockType: 1 }])
      expect(await listOf(business)).toEqual([])
    })

    it('adds a payee with the product text, lower-casing the e-mail', async () => {
      const reply = await server.post(
        '/rpc/blacklistAdd',
        { email: 'Payee@Mail.Example', blockType: 2 },
        demo,
      )
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect(reply.body.responseDescription).toBe(
        'User with email payee@mail.example has been added to black list',
      )
      expect(reply.body.user).toEqual({ email: 'payee@mail.example', blockType: 2 })
      expect(await listOf(demo)).toEqual([
        { email: 'chargeback@mail.example', blockType: 1 },
        { email: 'payee@mail.example', blockType: 2 },
      ])
    })

    it('refuses the same payee and block type twice, naming email', async () => {
      const reply = await server.post(
        '/rpc/blacklistAdd',
        { email: 'PAYEE@mail.example', blockType: 2 },
        demo,
      )
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['email'])
      expect(await listOf(demo)).toHaveLength(2)
    })

    it('keeps another block type of the same payee apart', async () => {
      const reply = await server.post(
        '/rpc/blacklistAdd',
        { email: 'payee@mail.example', blockType: 0 },
        demo,
      )
      expect(reply.body.responseCode).toBe('00')
      expect(await listOf(demo)).toHaveLength(3)
    })

    const badInput: [string, { body: object; field: string }][] = [
      ['an e-mail that is none', { body: { email: 'payee', blockType: 1 }, field: 'email' }],
      ['a missing block type', { body: { email: 'a@mail.example' }, field: 'blockType' }],
      [
        'a negative block type',
        { body: { email: 'a@mail.example', blockType: -1 }, field: 'blockType' },
      ],
      [
        'a text block type',
        { body: { email: 'a@mail.example', blockType: 'all' }, field: 'blockType' },
      ],
    ]
    it.each(badInput)('refuses %s with VF naming the field', async (_name, { body, field }) => {
      for (const operation of ['blacklistAdd', 'blacklistDelete']) {
        const reply = await server.post(`/rpc/${operation}`, body, demo)
        expect(reply.body.responseCode, operation).toBe('VF')
        expect(failedParameters(reply)).toEqual([field])
      }
    })

    it('deletes one payee and block type, whatever the case of the e-mail', async () => {
      const reply = await server.post(
        '/rpc/blacklistDelete',
        { email: 'PAYEE@mail.example', blockType: 2 },
        demo,
      )
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect(await listOf(demo)).toEqual([
        { email: 'chargeback@mail.example', blockType: 1 },
        { email: 'payee@mail.example', blockType: 0 },
      ])
    })

    it("refuses to delete what is not on the customer's list, naming email", async () => {
      const reply = await server.post(
        '/rpc/blacklistDelete',
        { email: 'chargeback@mail.example', blockType: 1 },
        business,
      )
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['email'])
      expect(await listOf(demo)).toHaveLength(2)
    })

    it.each(['blacklistList', 'blacklistAdd', 'blacklistDelete'])(
      'answers %s without a token with 401 AU',
      async (operation) => {
        const reply = await server.post(`/rpc/${operation}`, {
          email: 'a@mail.example',
          blockType: 1,
        })
        expect(reply.status).toBe(401)
        expect(reply.body.responseCode).toBe('AU')
      },
    )
  })
}
