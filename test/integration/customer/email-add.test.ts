// emailAdd: an address added lower-cased as a secondary, unconfirmed one, with a confirmation
// e-mail carrying a link and its code; an address the customer holds or another customer's is
// VF; an address gets three confirmation e-mails an hour at most (nothing written beyond).
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customerEmails } from '../../../src/server/db/schema.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { emailLink, mailbox, signedIn, type EmailView } from './contact-calls.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    it('adds the address lower-cased, unconfirmed, and e-mails it a link and a code', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const reply = await demo.call('emailAdd', { emailAddress: 'Alex.Work@Mail.Example' })
      expect(reply.body.responseCode, reply.text).toBe('00')
      const email = reply.body.email as EmailView
      expect(email).toMatchObject({
        emailAddress: 'alex.work@mail.example',
        status: 'Secondary',
        confirmed: false,
      })
      const link = await emailLink(server, 'alex.work@mail.example')
      expect(link.emailId).toBe(email.emailId)
      expect(link.body).toContain(`code where you added it: ${link.confirmationCode}`)
      const listed = await demo.call('emailInquiry')
      expect(listed.body.emails).toContainEqual(email)
    })

    const refused: [string, { as: string; given: string }][] = [
      ['an address the customer holds', { as: 'demo@nova.example', given: 'DEMO@nova.example' }],
      ["another customer's login", { as: 'demo@nova.example', given: 'business@nova.example' }],
      [
        "another customer's confirmed address",
        { as: 'business@nova.example', given: 'demo@nova.example' },
      ],
    ]
    it.each(refused)('refuses %s with VF naming emailAddress', async (_name, { as, given }) => {
      const customer = await signedIn(server, as)
      const before = await customer.call('emailInquiry')
      const reply = await customer.call('emailAdd', { emailAddress: given })
      expect(reply.body.responseCode, reply.text).toBe('VF')
      expect(failedParameters(reply)).toEqual(['emailAddress'])
      expect((await customer.call('emailInquiry')).body.emails).toEqual(before.body.emails)
    })

    it('lets two customers add one unconfirmed address (the first to confirm keeps it)', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const other = await signedIn(server, 'business@nova.example')
      for (const customer of [demo, other]) {
        const reply = await customer.call('emailAdd', { emailAddress: 'shared@mail.example' })
        expect(reply.body.responseCode, reply.text).toBe('00')
      }
    })

    it('holds at most ten addresses', async () => {
      const customer = await signedIn(server, 'kyc@nova.example')
      const held = ((await customer.call('emailInquiry')).body.emails as EmailView[]).length
      for (let i = held; i < 10; i++) {
        const reply = await customer.call('emailAdd', { emailAddress: `kyc.${i}@mail.example` })
        expect(reply.body.responseCode, reply.text).toBe('00')
      }
      const eleventh = await customer.call('emailAdd', { emailAddress: 'kyc.more@mail.example' })
      expect(failedParameters(eleventh)).toEqual(['emailAddress'])
    })

    it('sends an address three confirmation e-mails an hour, then refuses and writes nothing', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const added = await demo.call('emailAdd', { emailAddress: 'often@mail.example' })
      const { emailId } = added.body.email as EmailView
      for (let i = 0; i < 2; i++) {
        const again = await demo.call('emailConfirmRequest', { emailId })
        expect(again.body.responseCode, again.text).toBe('00')
      }
      expect((await demo.call('emailDelete', { emailId })).body.responseCode).toBe('00')
      const reply = await demo.call('emailAdd', { emailAddress: 'often@mail.example' })
      expect(reply.body.responseCode, reply.text).toBe('TA1')
      const rows = await server.db
        .select()
        .from(customerEmails)
        .where(eq(customerEmails.emailAddress, 'often@mail.example'))
      expect(rows).toEqual([])
      expect(await mailbox(server, 'often@mail.example')).toHaveLength(3)
    })

    it('answers 401 AU without a token', async () => {
      const reply = await server.post('/rpc/emailAdd', { emailAddress: 'x@mail.example' })
      expect(reply.status).toBe(401)
    })
  })
}
