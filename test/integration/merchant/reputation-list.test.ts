// reputationList: what the merchant may know about the payers who dealt with it (the demo
// entries of business@nova.example), found by an e-mail the server trims too (section 5).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'

interface Item {
  email: string
  verified: boolean
  limited: boolean
  transactionCount: number
  refundCount: number
  chargebackCount: number
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    beforeAll(async () => {
      server = await startServer(target)
      token = (await server.signIn('business@nova.example')).accessToken
    })
    afterAll(async () => {
      await server?.close()
    })

    const list = async (body: Record<string, unknown> = {}, as = token) => {
      const reply = await server.post('/rpc/reputationList', body, as)
      expect(reply.body.responseCode, reply.text).toBe('00')
      return reply.body as { items: Item[]; total: number }
    }

    it('lists the merchant’s payers by e-mail with the total', async () => {
      // Seven notable payers and 118 regular ones (the demo has a second page of 100).
      const { items, total } = await list()
      expect(total).toBe(125)
      expect(items).toHaveLength(100)
      expect(items.map((item) => item.email)).toEqual([...items.map((i) => i.email)].sort())
      expect(items.find((item) => item.email === 'dan.novak@mail.example')).toMatchObject({
        verified: true,
        limited: true,
        transactionCount: 22,
        refundCount: 4,
        chargebackCount: 2,
      })
    })

    it('finds one payer by an e-mail with spaces and capitals around it', async () => {
      const { items, total } = await list({ email: '  Dan.Novak@Mail.Example \t' })
      expect(total).toBe(1)
      expect(items.map((item) => item.email)).toEqual(['dan.novak@mail.example'])
      expect((await list({ email: 'nobody@mail.example' })).total).toBe(0)
    })

    it('pages by 100 by default, and by the size asked for', async () => {
      const second = await list({ pageNumber: 2 })
      expect(second.total).toBe(125)
      expect(second.items).toHaveLength(25)
      const small = await list({ pageSize: 3, pageNumber: 42 })
      expect(small.items).toHaveLength(2)
    })

    it('shows another merchant nothing about these payers', async () => {
      const demo = (await server.signIn('demo@nova.example')).accessToken
      expect(await list({ email: 'dan.novak@mail.example' }, demo)).toMatchObject({ total: 0 })
    })

    it('refuses a non-e-mail with VF naming email, and answers 401 AU without a token', async () => {
      for (const email of ['not-an-email', ' two words@mail.example ', 'a@b']) {
        const reply = await server.post('/rpc/reputationList', { email }, token)
        expect(reply.body.responseCode, email).toBe('VF')
        expect(failedParameters(reply)).toEqual(['email'])
      }
      const type = await server.post('/rpc/reputationList', { type: 'other' }, token)
      expect(failedParameters(type)).toEqual(['type'])
      const anonymous = await server.post('/rpc/reputationList', {})
      expect(anonymous.status).toBe(401)
      expect(anonymous.body.responseCode).toBe('AU')
    })
  })
}
