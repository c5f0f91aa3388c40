// pdfGenerate: a named template rendered for the acting customer (product-spec section 7,
// POST /pdf/api/generator_pdf/{name}, optionally base64, returns redirectLink). The brand's
// account-confirmation letter prints facts from the records, for the customer's own account
// only; an unknown template is 404, values that do not fill it 422.
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseTargets, startServer, type TestServer } from '../server-harness.ts'
import { download, drawnText } from '../kyc/fatca-support.ts'

/** demo@nova.example's USD and business@nova.example's EUR account (demo data). */
const demoUsdAccount = 10000001
const businessEurAccount = 10000005

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let demo: string
    beforeAll(async () => {
      server = await startServer(target)
      demo = (await server.signIn('demo@nova.example')).accessToken
    })
    afterAll(async () => {
      await server?.close()
    })

    const generate = (name: string, data: object, token = demo, query = '') =>
      server.post(`/pdf/api/generator_pdf/${name}${query}`, { data }, token)

    it("renders the brand's account confirmation and links to it for a short while", async () => {
      const reply = await generate('accountConfirmation', { accountId: demoUsdAccount })
      expect(reply.status, reply.text).toBe(200)
      const link = String(reply.body.redirectLink)
      expect(link).toMatch(/^\/pdf\/api\/files\/[A-Za-z0-9_-]{22,128}$/)
      const file = await download(server, link)
      expect(file.status).toBe(200)
      expect(file.contentType).toBe('application/pdf')
      const document = await PDFDocument.load(file.bytes)
      expect(document.getTitle()).toBe('Account confirmation')
      const text = drawnText(file.bytes).replace(/\s+/g, ' ')
      for (const line of [
        'Nova Wallet Ltd',
        'Account holder: Alex Morgan',
        `Account number: ${demoUsdAccount}`,
        'Currency: USD',
        `Nova Wallet Ltd confirms that Alex Morgan holds the USD payment account ${demoUsdAccount}`,
      ]) {
        expect(text).toContain(line)
      }
    })

    it('answers the document itself as a data: URL with base64', async () => {
      const reply = await generate(
        'accountConfirmation',
        { accountId: demoUsdAccount },
        demo,
        '?base64=true',
      )
      expect(reply.status, reply.text).toBe(200)
      const link = String(reply.body.redirectLink)
      expect(link.startsWith('data:application/pdf;base64,')).toBe(true)
      const bytes = Buffer.from(link.slice(link.indexOf(',') + 1), 'base64')
      expect(drawnText(bytes)).toContain('Account holder: Alex Morgan')
    })

    it("refuses another customer's account like an unknown one (422)", async () => {
      const foreign = await generate('accountConfirmation', { accountId: businessEurAccount })
      const unknown = await generate('accountConfirmation', { accountId: 99999999 })
      expect(foreign.status).toBe(422)
      expect(foreign.body).toEqual(unknown.body)
      expect(foreign.body.message).toBe('accountId is not one of your accounts.')
    })

    it('refuses values that do not fill the template, and a template that does not exist', async () => {
      const missing = await generate('accountConfirmation', {})
      expect(missing.status).toBe(422)
      expect(missing.body.message).toContain('accountId')
      const extra = await generate('accountConfirmation', {
        accountId: demoUsdAccount,
        name: 'Bank of Me',
      })
      expect(extra.status).toBe(422)
      expect(extra.body.message).toContain('name')
      const unknown = await generate('bankStatement', { accountId: demoUsdAccount })
      expect(unknown.status).toBe(404)
    })

    it('needs a session', async () => {
      const reply = await server.post('/pdf/api/generator_pdf/accountConfirmation', {
        data: { accountId: demoUsdAccount },
      })
      expect(reply.status).toBe(401)
    })
  })
}
