// Server texts in the reader's language (issue 16): a signed-in request carrying a supported
// lang stores it on the customer, and the e-mails and PDFs written afterwards, even by a
// request without one, are in it; English stays the default.
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customers, users } from '../../../src/server/db/schema.ts'
import { outboxMessages } from '../../../src/server/db/schema-outbox.ts'
import { demoPassword } from '../../../src/server/demo/seed.ts'
import { databaseTargets, startServer, type TestServer } from '../server-harness.ts'
import { download, drawnText } from '../kyc/fatca-support.ts'

/** demo@nova.example's USD account (demo data). */
const demoUsdAccount = 10000001

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    const languageOf = async (username: string) => {
      const [row] = await server.db
        .select({ lang: customers.lang })
        .from(users)
        .innerJoin(customers, eq(customers.id, users.customerId))
        .where(eq(users.username, username))
      return row?.lang
    }
    const latestMail = async (recipient: string) => {
      const [message] = await server.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, recipient))
        .orderBy(desc(outboxMessages.id))
        .limit(1)
      return message
    }
    const changePassword = (token: string, lang?: string) =>
      server.post(
        '/rpc/passwordChange',
        {
          ...(lang ? { lang } : {}),
          password: demoPassword,
          passwordNew: 'Another-Secret-77',
          passwordNewRepeat: 'Another-Secret-77',
        },
        token,
      )

    it('writes a later e-mail in the language the customer last used, not the default', async () => {
      const { accessToken } = await server.signIn('soft@nova.example')
      expect(await languageOf('soft@nova.example')).toBe('en')
      const inRussian = await server.post('/rpc/balanceInquiry', { lang: 'ru' }, accessToken)
      expect(inRussian.body.responseCode, inRussian.text).toBe('00')
      expect(await languageOf('soft@nova.example')).toBe('ru')

      // This request names no language: the stored one decides.
      const reply = await changePassword(accessToken)
      expect(reply.body.responseCode, reply.text).toBe('00')
      const mail = await latestMail('soft@nova.example')
      expect(mail?.subject).toBe('Подтвердите новый пароль')
      expect(mail?.body).toMatch(/^Ваш код для подтверждения нового пароля: [0-9]{6}\. /)
    })

    it('keeps English for a customer who never chose another language', async () => {
      const { accessToken } = await server.signIn('business@nova.example')
      const reply = await changePassword(accessToken)
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect((await latestMail('business@nova.example'))?.subject).toBe('Confirm your new password')
    })

    it('writes an activation e-mail in the language of the request that asks for it', async () => {
      const reply = await server.post('/rpc/activationCodeResend', {
        lang: 'ua',
        email: 'pending@nova.example',
      })
      expect(reply.body.responseCode, reply.text).toBe('00')
      const mail = await latestMail('pending@nova.example')
      expect(mail?.subject).toBe('Активуйте свій обліковий запис')
      expect(mail?.body).toMatch(/^Ваш код активації: [A-Z0-9]{8}\. Відкрийте \/activate\?/)
    })

    it('ignores a language the portal does not offer', async () => {
      const { accessToken } = await server.signIn('payroll@nova.example')
      const reply = await server.post('/rpc/balanceInquiry', { lang: 'xx' }, accessToken)
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect(await languageOf('payroll@nova.example')).toBe('en')
    })

    it('prints the account confirmation in the reader language with the balance formatted for it', async () => {
      const { accessToken } = await server.signIn('demo@nova.example')
      await server.post('/rpc/balanceInquiry', { lang: 'es' }, accessToken)
      const reply = await server.post(
        '/pdf/api/generator_pdf/accountConfirmation',
        { data: { accountId: demoUsdAccount } },
        accessToken,
      )
      expect(reply.status, reply.text).toBe(200)
      const file = await download(server, String(reply.body.redirectLink))
      expect(file.status).toBe(200)
      const text = drawnText(file.bytes).replace(/\s+/g, ' ')
      expect(text).toContain('Confirmación de cuenta')
      expect(text).toContain('Titular de la cuenta: Alex Morgan')
      // Spanish groups from five digits: 1250,75 US$ but 15.400,50 US$.
      expect(text).toMatch(/Saldo el \d{4}-\d{2}-\d{2}: \d[\d.]*,\d{2}\sUS\$/)
    })
  })
}
