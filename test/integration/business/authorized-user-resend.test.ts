// authorizedUserResend: a new activation link for a login of the business that has not
// activated yet; an activated login or none of the business's is VF naming userId, and three
// e-mails an hour is the most (product-spec sections 2 and 4).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { caller, codeIn, customerIdOf, mailbox, userIdOf } from './business-fixtures.ts'

const invited = 'invited@nova.example'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let as: ReturnType<typeof caller>
    beforeAll(async () => {
      server = await startServer(target)
      as = caller(server)
    })
    afterAll(async () => {
      await server?.close()
    })

    const resend = async (username: string, body: Record<string, unknown> = {}) =>
      as.call('business-kyc@nova.example', 'authorizedUserResend', {
        userId: await userIdOf(server, username),
        ...body,
      })

    it('mails a new link that works, and the older one stops working', async () => {
      const [first] = await mailbox(server, invited)
      const reply = await resend(invited)
      expect(reply.body.responseCode, reply.text).toBe('00')
      const messages = await mailbox(server, invited)
      expect(messages).toHaveLength(2)
      const [latest] = messages
      expect(latest?.body).toContain('action=activationEmployee')
      const stale = await server.post('/rpc/accountActivate', {
        username: invited,
        activationCode: codeIn(first?.body),
      })
      expect(failedParameters(stale)).toEqual(['activationCode'])
      const activated = await server.post('/rpc/accountActivate', {
        username: invited,
        activationCode: codeIn(latest?.body),
      })
      expect(activated.body.responseCode, activated.text).toBe('00')
    })

    it('refuses a user who has activated, naming userId', async () => {
      for (const username of [invited, 'business-kyc@nova.example']) {
        const reply = await resend(username)
        expect(failedParameters(reply), reply.text).toEqual(['userId'])
        expect(reply.body.errors?.[0]?.description).toBe('has already activated their account')
      }
    })

    it("refuses a user of another company as none of the company's users", async () => {
      const reply = await resend('employee@nova.example')
      expect(failedParameters(reply)).toEqual(['userId'])
      expect(reply.body.errors?.[0]?.description).toBe('is not a user of this company')
    })

    it('sends at most three links an hour to one user', async () => {
      const created = await as.call('business-kyc@nova.example', 'authorizedUserCreate', {
        email: 'often@mail.example',
        firstName: 'Owen',
        lastName: 'Often',
        accessRights: 1,
      })
      expect(created.body.responseCode, created.text).toBe('00')
      // The invitation was the first e-mail of the hour; two more may follow.
      for (const want of ['00', '00', 'VF']) {
        expect((await resend('often@mail.example')).body.responseCode).toBe(want)
      }
      expect(await mailbox(server, 'often@mail.example')).toHaveLength(3)
    })

    it('refuses a user with read rights with 13', async () => {
      const reply = await as.call('employee@nova.example', 'authorizedUserResend', {
        userId: await userIdOf(server, 'employee@nova.example'),
        fromCustomerId: await customerIdOf(server, 'business@nova.example'),
      })
      expect(reply.body.responseCode).toBe('13')
    })
  })
}
