// emailSetPrimary: a confirmed address becomes the primary one (listed first everywhere); the
// sign-in name stays; an unconfirmed or another customer's address is VF naming emailId.
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

    it('refuses an unconfirmed address, naming emailId', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const { emailId } = await emailLink(server, 'alex.morgan@mail.example')
      const reply = await demo.call('emailSetPrimary', { emailId })
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['emailId'])
    })

    it('makes a confirmed address primary; the old one stays, secondary', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const link = await emailLink(server, 'alex.morgan@mail.example')
      const confirmed = await demo.call('emailConfirm', {
        emailId: link.emailId,
        confirmationCode: link.confirmationCode,
      })
      expect(confirmed.body.responseCode, confirmed.text).toBe('00')
      const reply = await demo.call('emailSetPrimary', { emailId: link.emailId })
      expect(reply.body.responseCode, reply.text).toBe('00')
      const want = [
        { emailAddress: 'alex.morgan@mail.example', status: 'Primary', confirmed: true },
        { emailAddress: 'demo@nova.example', status: 'Secondary', confirmed: true },
      ]
      expect(reply.body.emails).toMatchObject(want)
      expect((await demo.call('emailInquiry')).body.emails).toMatchObject(want)
      const again = await signedIn(server, 'demo@nova.example')
      const info = await again.call('getCustomerInfo')
      expect(info.body.customer?.login).toBe('demo@nova.example')
    })

    it("refuses another customer's address as unknown", async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const [primary] = (await demo.profile()).emails as EmailView[]
      const other = await signedIn(server, 'business@nova.example')
      const reply = await other.call('emailSetPrimary', { emailId: primary!.emailId })
      expect(failedParameters(reply)).toEqual(['emailId'])
      const theirs = (await other.call('emailInquiry')).body.emails as EmailView[]
      expect(theirs.map((e) => e.emailAddress)).toEqual(['business@nova.example'])
    })
  })
}
