// emailConfirm: the code of the confirmation e-mail, read from the demo mailbox, confirms the
// address. Wrong codes are VF naming confirmationCode; the fifth, an expired code and a
// replaced one are refused; another customer's address is unknown; an address another
// customer confirmed first cannot be confirmed again.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailConfirmations } from '../../../src/server/db/schema-auth.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { emailLink, signedIn, type Customer, type EmailView } from './contact-calls.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    async function added(customer: Customer, emailAddress: string) {
      const reply = await customer.call('emailAdd', { emailAddress })
      expect(reply.body.responseCode, reply.text).toBe('00')
      const { confirmationCode } = await emailLink(server, emailAddress)
      return { emailId: (reply.body.email as EmailView).emailId, confirmationCode }
    }

    it('confirms the address with the code of its e-mail', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const given = await added(demo, 'confirm.me@mail.example')
      const reply = await demo.call('emailConfirm', given)
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect(reply.body.email).toMatchObject({ emailId: given.emailId, confirmed: true })
      const { emails } = await demo.profile()
      expect(emails.find((e) => e.emailId === given.emailId)?.confirmed).toBe(true)
      const again = await demo.call('emailConfirm', given)
      expect(again.body.responseCode).toBe('00')
    })

    it('refuses wrong codes with VF naming confirmationCode, then the fifth for good', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const given = await added(demo, 'guess.me@mail.example')
      for (let i = 0; i < 4; i++) {
        const reply = await demo.call('emailConfirm', {
          ...given,
          confirmationCode: 'abcdef123456',
        })
        expect(reply.body.responseCode).toBe('VF')
        expect(failedParameters(reply)).toEqual(['confirmationCode'])
      }
      const fifth = await demo.call('emailConfirm', { ...given, confirmationCode: 'abcdef123456' })
      expect(fifth.body.responseCode).toBe('TA1')
      const late = await demo.call('emailConfirm', given)
      expect(late.body.responseCode).toBe('TA1')
      const { emails } = await demo.profile()
      expect(emails.find((e) => e.emailId === given.emailId)?.confirmed).toBe(false)
    })

    it('refuses an expired code', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const given = await added(demo, 'slow@mail.example')
      await server.db
        .update(emailConfirmations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(emailConfirmations.emailId, given.emailId))
      const reply = await demo.call('emailConfirm', given)
      expect(reply.body.responseCode).toBe('TA1')
    })

    it("treats another customer's address as unknown, naming emailId", async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const given = await added(demo, 'mine.only@mail.example')
      const other = await signedIn(server, 'business@nova.example')
      const reply = await other.call('emailConfirm', given)
      expect(failedParameters(reply)).toEqual(['emailId'])
      const { emails } = await demo.profile()
      expect(emails.find((e) => e.emailId === given.emailId)?.confirmed).toBe(false)
    })

    it('lets only the first of two customers confirm one address', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const other = await signedIn(server, 'business@nova.example')
      const first = await added(demo, 'contested@mail.example')
      const second = await added(other, 'contested@mail.example')
      expect((await demo.call('emailConfirm', first)).body.responseCode).toBe('00')
      const late = await other.call('emailConfirm', second)
      expect(late.body.responseCode).toBe('VF')
      expect(failedParameters(late)).toEqual(['emailId'])
      const link = await server.post('/rpc/emailConfirmByLink', second)
      expect(link.body.responseCode).toBe('VF')
    })
  })
}
