// Changing a two-step mode (twoStepModeChange, twoStepModeChangeConfirm): the login or the
// transaction mode of the acting customer changes only when the code sent by SMS (or e-mail
// without a confirmed phone) comes back; success answers "Successfully" (product-spec section 8).
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outboxMessages } from '../../../src/server/db/schema-outbox.ts'
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

    const latestMessage = async (recipient: string) => {
      const [message] = await server.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, recipient))
        .orderBy(desc(outboxMessages.id))
        .limit(1)
      return message
    }
    const codeIn = (body = '') => /\b([0-9]{6})\b/.exec(body)?.[1] ?? 'none'
    const modesOf = async (token: string) => {
      const info = await server.post('/rpc/getCustomerInfo', {}, token)
      const { login2faMode, transactionApproveMode } = info.body.customer ?? {}
      return { login2faMode, transactionApproveMode }
    }
    const ask = async (token: string, body: object) => {
      const reply = await server.post('/rpc/twoStepModeChange', body, token)
      expect(reply.body.responseCode, reply.text).toBe('00')
      return reply.body as { reqId: string; approvalSentTo: string }
    }

    it('sends the code by SMS and applies the transaction mode when it comes back', async () => {
      const asked = await ask(demo, { mode: 'otp' })
      expect(asked.approvalSentTo).toBe('+44*******123')
      const message = await latestMessage('+447700900123')
      expect(message?.channel).toBe('sms')
      expect(await modesOf(demo)).toEqual({ login2faMode: 'no', transactionApproveMode: 'simple' })

      const reply = await server.post(
        '/rpc/twoStepModeChangeConfirm',
        { reqId: asked.reqId, code: codeIn(message?.body) },
        demo,
      )
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect(reply.body).toMatchObject({
        responseDescription: 'Successfully',
        typeMode: 'transaction',
        mode: 'otp',
      })
      expect(await modesOf(demo)).toEqual({ login2faMode: 'no', transactionApproveMode: 'otp' })

      const again = await server.post(
        '/rpc/twoStepModeChangeConfirm',
        { reqId: asked.reqId, code: codeIn(message?.body) },
        demo,
      )
      expect(again.body).toMatchObject({
        responseCode: 'TA1',
        responseDescription: 'Confirmation canceled',
      })
    })

    it('changes the sign-in mode, and turns it off again with "no"', async () => {
      for (const mode of ['sms', 'no']) {
        const asked = await ask(demo, { mode, typeMode: 'login' })
        const code = codeIn((await latestMessage('+447700900123'))?.body)
        const reply = await server.post(
          '/rpc/twoStepModeChangeConfirm',
          { reqId: asked.reqId, code },
          demo,
        )
        expect(reply.body).toMatchObject({ responseCode: '00', typeMode: 'login', mode })
        expect((await modesOf(demo)).login2faMode).toBe(mode)
      }
    })

    it('sends the code by e-mail to a customer without a confirmed phone', async () => {
      const asked = await ask(business, { mode: 'push' })
      expect(asked.approvalSentTo).toBe('b****@nova.example')
      expect((await latestMessage('business@nova.example'))?.channel).toBe('email')
    })

    it('counts a wrong code, naming code, and keeps the mode', async () => {
      const asked = await ask(business, { mode: 'approvalCode' })
      const code = codeIn((await latestMessage('business@nova.example'))?.body)
      const wrong = code === '000000' ? '111111' : '000000'
      const reply = await server.post(
        '/rpc/twoStepModeChangeConfirm',
        { reqId: asked.reqId, code: wrong },
        business,
      )
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['code'])
      expect((await modesOf(business)).transactionApproveMode).toBe('simple')
    })

    it("refuses another user's request as canceled", async () => {
      const asked = await ask(business, { mode: 'direct' })
      const code = codeIn((await latestMessage('business@nova.example'))?.body)
      const reply = await server.post(
        '/rpc/twoStepModeChangeConfirm',
        { reqId: asked.reqId, code },
        demo,
      )
      expect(reply.body).toMatchObject({
        responseCode: 'TA1',
        responseDescription: 'Confirmation canceled',
      })
      expect((await modesOf(business)).transactionApproveMode).toBe('simple')
    })

    const refusals: [string, { token: () => string; body: object; field: string }][] = [
      ['"no" as a transaction mode', { token: () => demo, body: { mode: 'no' }, field: 'mode' }],
      [
        'approvalCode at sign-in',
        { token: () => demo, body: { mode: 'approvalCode', typeMode: 'login' }, field: 'mode' },
      ],
      ['the mode already set', { token: () => demo, body: { mode: 'otp' }, field: 'mode' }],
      [
        'SMS without a confirmed phone',
        { token: () => business, body: { mode: 'sms' }, field: 'mode' },
      ],
      ['a mode of no catalogue', { token: () => demo, body: { mode: 'email' }, field: 'mode' }],
      [
        'an unknown type',
        { token: () => demo, body: { mode: 'otp', typeMode: 'both' }, field: 'typeMode' },
      ],
      ['a missing mode', { token: () => demo, body: { typeMode: 'login' }, field: 'mode' }],
    ]
    it.each(refusals)(
      'refuses %s with VF naming the field and sends nothing',
      async (_name, given) => {
        const before = await server.db.select({ id: outboxMessages.id }).from(outboxMessages)
        const reply = await server.post('/rpc/twoStepModeChange', given.body, given.token())
        expect(reply.body.responseCode).toBe('VF')
        expect(failedParameters(reply)).toEqual([given.field])
        expect(reply.body).not.toHaveProperty('reqId')
        expect(await server.db.select({ id: outboxMessages.id }).from(outboxMessages)).toHaveLength(
          before.length,
        )
      },
    )

    it("refuses a read-only employee changing the company's mode", async () => {
      const employee = (await server.signIn('employee@nova.example')).accessToken
      const info = await server.post('/rpc/getCustomerInfo', {}, business)
      const reply = await server.post(
        '/rpc/twoStepModeChange',
        { fromCustomerId: info.body.customer?.customerId, mode: 'otp' },
        employee,
      )
      expect(reply.body.responseCode).toBe('13')
    })

    it.each(['twoStepModeChange', 'twoStepModeChangeConfirm'])(
      'answers %s without a token with 401 AU',
      async (operation) => {
        const reply = await server.post(`/rpc/${operation}`, { mode: 'otp', reqId: 'x', code: '1' })
        expect(reply.status).toBe(401)
        expect(reply.body.responseCode).toBe('AU')
      },
    )
  })
}
