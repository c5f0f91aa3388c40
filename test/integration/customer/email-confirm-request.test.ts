// emailConfirmRequest: a new confirmation e-mail for an unconfirmed address; the older link
// stops working; a confirmed or another customer's address is VF naming emailId.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { emailLink, mailbox, signedIn } from './contact-calls.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    it('sends a new link and code; the older one no longer confirms', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const first = await emailLink(server, 'alex.morgan@mail.example')
      const reply = await demo.call('emailConfirmRequest', { emailId: first.emailId })
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect(await mailbox(server, 'alex.morgan@mail.example')).toHaveLength(2)
      const second = await emailLink(server, 'alex.morgan@mail.example')
      expect(second.confirmationCode).not.toBe(first.confirmationCode)
      const old = await demo.call('emailConfirm', {
        emailId: first.emailId,
        confirmationCode: first.confirmationCode,
      })
      expect(failedParameters(old)).toEqual(['confirmationCode'])
      const done = await demo.call('emailConfirm', {
        emailId: second.emailId,
        confirmationCode: second.confirmationCode,
      })
      expect(done.body.responseCode, done.text).toBe('00')
    })

    it('refuses a confirmed address, naming emailId', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const { emails } = await demo.profile()
      const primary = emails.find((e) => e.status === 'Primary')!
      const reply = await demo.call('emailConfirmRequest', { emailId: primary.emailId })
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['emailId'])
    })

    it("refuses another customer's address as unknown and sends nothing", async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const added = await demo.call('emailAdd', { emailAddress: 'private@mail.example' })
      const { emailId } = added.body.email as { emailId: number }
      const other = await signedIn(server, 'business@nova.example')
      const reply = await other.call('emailConfirmRequest', { emailId })
      expect(failedParameters(reply)).toEqual(['emailId'])
      const unknown = await other.call('emailConfirmRequest', { emailId: 2_000_000_000 })
      expect(unknown.body).toEqual(reply.body)
      expect(await mailbox(server, 'private@mail.example')).toHaveLength(1)
    })
  })
}
