// RPC failures in the reader's language (issue 16, docs/decisions.md "RPC failures in the
// reader's language (issue 16)"): a refusal of the dispatcher's access check and one a handler
// makes read in the language of the call's envelope, English when it names none, with the
// response code and the extra fields unchanged.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../../src/server/db/schema.ts'
import { databaseTargets, startServer, type TestServer } from '../server-harness.ts'
import { emailLink } from '../customer/contact-calls.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    beforeAll(async () => {
      server = await startServer(target)
      token = (await server.signIn('demo@nova.example')).accessToken
    })
    afterAll(async () => {
      await server?.close()
    })

    const call = (operationId: string, body: Record<string, unknown>) =>
      server.post(`/rpc/${operationId}`, body, token)

    it('reads an access refusal of the dispatcher in the language of the envelope', async () => {
      const [business] = await server.db
        .select({ customerId: users.customerId })
        .from(users)
        .where(eq(users.username, 'business@nova.example'))
      const actingForAnother = { fromCustomerId: business!.customerId }
      const russian = await call('balanceInquiry', { ...actingForAnother, lang: 'ru' })
      expect(russian.body).toEqual({
        responseCode: '13',
        responseDescription: 'У вас нет доступа к этому клиенту.',
      })
      const english = await call('balanceInquiry', actingForAnother)
      expect(english.body.responseDescription).toBe('You have no access to this customer.')

      const adminOnly = await call('adminCustomerDocumentsGet', { customerId: 1, lang: 'ru' })
      expect(adminOnly.body).toEqual({
        responseCode: 'ENOA',
        responseDescription: 'Эта операция доступна только администраторам.',
      })
    })

    it("reads a handler's refusal (too many wrong codes) in the language of the envelope", async () => {
      const added = await call('emailAdd', { emailAddress: 'lengua@mail.example', lang: 'es' })
      expect(added.body.responseCode, added.text).toBe('00')
      const { emailId } = await emailLink(server, 'lengua@mail.example')
      const wrong = { emailId, confirmationCode: 'abcdef123456', lang: 'es' }
      for (let i = 0; i < 4; i++) {
        expect((await call('emailConfirm', wrong)).body.responseCode).toBe('VF')
      }
      const fifth = await call('emailConfirm', wrong)
      expect(fifth.body).toEqual({
        responseCode: 'TA1',
        responseDescription:
          'Confirmación cancelada: demasiados códigos incorrectos. Solicite un código nuevo.',
      })
    })
  })
}
