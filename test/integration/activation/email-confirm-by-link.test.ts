// E-mail confirmation by link (product-spec sections 2 and 7): the link of the e-mail
// confirms the address once; a wrong, reused or replaced link answers the failure.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customerEmails } from '../../../src/server/db/schema.ts'
import { issueEmailConfirmation } from '../../../src/server/activation/email-confirmations.ts'
import { databaseTargets, failedParameters } from '../server-harness.ts'
import { startAuthServer, type AuthServer } from '../auth/auth-server.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: AuthServer
    beforeAll(async () => {
      server = await startAuthServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    const address = 'alex.morgan@mail.example'
    async function link() {
      const [mail] = await server.mailbox(address)
      const url = new URL(/\/confirm-email\?\S+/.exec(mail?.body ?? '')?.[0] ?? '/', 'http://x')
      return {
        emailId: Number(url.searchParams.get('emailId')),
        confirmationCode: url.searchParams.get('code') ?? '',
      }
    }
    const confirm = (body: unknown) => server.call('POST', '/rpc/emailConfirmByLink', body)
    const confirmedAt = async (emailId: number) =>
      (await server.db.select().from(customerEmails).where(eq(customerEmails.id, emailId)))[0]
        ?.confirmedAt

    it('a replaced link fails; the newest confirms the address, once', async () => {
      const first = await link()
      expect(first.confirmationCode).toMatch(/^[a-f0-9]{48}$/)
      expect(await confirmedAt(first.emailId)).toBeNull()
      await issueEmailConfirmation(server.db, first.emailId)
      const second = await link()
      const replaced = await confirm(first)
      expect(replaced.body.responseCode).toBe('VF')
      expect(failedParameters(replaced)).toEqual(['confirmationCode'])
      const done = await confirm(second)
      expect(done.body.responseCode, done.text).toBe('00')
      expect(done.body.confirmed).toBe(true)
      expect(await confirmedAt(second.emailId)).toBeInstanceOf(Date)
      expect((await confirm(second)).body.responseCode).toBe('VF')
    })

    it('a wrong code or an unknown address answers the same failure', async () => {
      const wrong = await confirm({ emailId: 60002, confirmationCode: 'abcdef123456' })
      const unknown = await confirm({ emailId: 99999, confirmationCode: 'abcdef123456' })
      expect(wrong.body).toEqual(unknown.body)
      expect(wrong.body.responseCode).toBe('VF')
    })
  })
}
