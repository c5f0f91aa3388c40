// emailDelete: a secondary address is deleted and its link stops working; never the primary
// address, never the only one, never another customer's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { emailLink, signedIn, type EmailView } from './contact-calls.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    it('deletes a secondary address; its link no longer confirms anything', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const link = await emailLink(server, 'alex.morgan@mail.example')
      const reply = await demo.call('emailDelete', { emailId: link.emailId })
      expect(reply.body.responseCode, reply.text).toBe('00')
      const listed = (await demo.call('emailInquiry')).body.emails as EmailView[]
      expect(listed.map((e) => e.emailAddress)).toEqual(['demo@nova.example'])
      const confirm = await server.post('/rpc/emailConfirmByLink', {
        emailId: link.emailId,
        confirmationCode: link.confirmationCode,
      })
      expect(confirm.body.responseCode).toBe('VF')
    })

    it('refuses the primary address, naming emailId', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const [primary] = (await demo.profile()).emails
      const reply = await demo.call('emailDelete', { emailId: primary!.emailId })
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['emailId'])
      expect((await demo.profile()).emails).toHaveLength(1)
    })

    it('refuses the only address of a customer, naming emailId', async () => {
      const admin = await signedIn(server, 'admin@nova.example')
      expect((await admin.profile()).emails).toEqual([])
      const added = await admin.call('emailAdd', { emailAddress: 'admin.only@mail.example' })
      const { emailId } = added.body.email as EmailView
      const reply = await admin.call('emailDelete', { emailId })
      expect(reply.body.responseDescription).toContain('only')
      expect(failedParameters(reply)).toEqual(['emailId'])
    })

    it("refuses another customer's address as unknown", async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const added = await demo.call('emailAdd', { emailAddress: 'keep.me@mail.example' })
      const { emailId } = added.body.email as EmailView
      const other = await signedIn(server, 'business@nova.example')
      const reply = await other.call('emailDelete', { emailId })
      expect(failedParameters(reply)).toEqual(['emailId'])
      const unknown = await other.call('emailDelete', { emailId: 2_000_000_000 })
      expect(unknown.body).toEqual(reply.body)
      const mine = (await demo.profile()).emails.map((e) => e.emailId)
      expect(mine).toContain(emailId)
    })
  })
}
