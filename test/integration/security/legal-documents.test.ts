// Legal documents (legalInfoGet, agreementDownload): the customer's documents by type, and one
// of them as a real PDF addressed to the customer, downloaded as an attachment.
import { inflateSync } from 'node:zlib'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'

interface LegalDocument {
  id: number
  name: string
  type?: string
  url?: string
  acceptedAt?: string
  createdAt?: string
}

/** The text pdf-lib drew: hex strings shown with Tj inside the deflated page streams. */
function drawnText(bytes: Buffer): string {
  const raw = bytes.toString('latin1')
  const shown: string[] = []
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1')
    } catch {
      continue
    }
    for (const hex of content.matchAll(/<([0-9A-Fa-f]+)> Tj/g)) {
      shown.push(Buffer.from(hex[1] ?? '', 'hex').toString('latin1'))
    }
  }
  return shown.join('\n')
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let demo: string
    let business: string
    beforeAll(async () => {
      server = await startServer(target)
      demo = (await server.signIn('demo@nova.example')).accessToken
      business = (await server.signIn('business@nova.example')).accessToken
    })
    afterAll(async () => {
      await server?.close()
    })

    const documentsOf = async (token: string) => {
      const reply = await server.post('/rpc/legalInfoGet', {}, token)
      expect(reply.body.responseCode, reply.text).toBe('00')
      return reply.body.documents as LegalDocument[]
    }

    const download = async (body: object, token?: string) => {
      const headers: Record<string, string> = { 'content-type': 'application/json' }
      if (token) headers.authorization = `Bearer ${token}`
      const response = await fetch(`${server.baseUrl}/rpc/agreementDownload`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      })
      return { response, bytes: Buffer.from(await response.arrayBuffer()) }
    }

    it('lists terms, privacy and the personal fee schedule for a personal customer', async () => {
      const documents = await documentsOf(demo)
      expect(documents.map(({ id, name, type, url }) => ({ id, name, type, url }))).toEqual([
        { id: 1, name: 'Terms of Use', type: 'terms', url: '/legal/terms' },
        { id: 2, name: 'Privacy Policy', type: 'privacy', url: '/legal/privacy' },
        { id: 3, name: 'Fee Schedule for Personal Accounts', type: 'fees', url: '/fees/personal' },
      ])
      expect(documents[0]?.createdAt).toBe('2026-01-15T00:00:00.000Z')
      // Accepted when the account was opened, or when the version came into force if later.
      for (const document of documents) {
        expect(Date.parse(document.acceptedAt ?? '')).toBeGreaterThanOrEqual(
          Date.parse(document.createdAt ?? ''),
        )
      }
    })

    it('lists the business fee schedule for a business', async () => {
      expect((await documentsOf(business)).map((document) => document.id)).toEqual([1, 2, 4])
    })

    it("downloads a PDF attachment that names the customer, the document and today's date", async () => {
      const { response, bytes } = await download({ id: 1 }, demo)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('application/pdf')
      expect(response.headers.get('content-disposition')).toBe(
        'attachment; filename="terms-of-use.pdf"',
      )
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
      const text = drawnText(bytes)
      expect(text).toContain('Terms of Use')
      expect(text).toMatch(/Prepared for: Alex Morgan \(customer \d+\)/)
      expect(text).toContain(`Date: ${new Date().toISOString().slice(0, 10)}`)
      const pdf = await PDFDocument.load(bytes)
      expect(pdf.getSubject()).toBe('Terms of Use for Alex Morgan')
    })

    it("addresses a business's PDF to the business name", async () => {
      const { response, bytes } = await download({ id: 4 }, business)
      expect(response.headers.get('content-disposition')).toContain('fee-schedule-business.pdf')
      expect(drawnText(bytes)).toContain('Prepared for: Northwind Trading Ltd')
    })

    it("refuses a document that is not the customer's, with the JSON envelope naming id", async () => {
      const { response, bytes } = await download({ id: 4 }, demo)
      expect(response.headers.get('content-type')).toContain('application/json')
      const body = JSON.parse(bytes.toString('utf8'))
      expect(body.responseCode).toBe('VF')
      expect(body.errors.map((e: { parameter: string }) => e.parameter)).toEqual(['id'])
    })

    const badInput: [string, { body: object; field: string }][] = [
      ['a missing id', { body: {}, field: 'id' }],
      ['an id of 0', { body: { id: 0 }, field: 'id' }],
      ['a text id', { body: { id: 'terms' }, field: 'id' }],
    ]
    it.each(badInput)('refuses %s with VF naming the field', async (_name, { body, field }) => {
      const reply = await server.post('/rpc/agreementDownload', body, demo)
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual([field])
    })

    it('refuses an unknown field in legalInfoGet, naming it', async () => {
      const reply = await server.post('/rpc/legalInfoGet', { id: 1 }, demo)
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['id'])
    })

    it('answers both without a token with 401 AU and no file', async () => {
      const { response, bytes } = await download({ id: 1 })
      expect(response.status).toBe(401)
      expect(JSON.parse(bytes.toString('utf8')).responseCode).toBe('AU')
      const list = await server.post('/rpc/legalInfoGet', {})
      expect(list.status).toBe(401)
      expect(list.body.responseCode).toBe('AU')
    })

    it("names the documents and titles the PDF in the reader's language", async () => {
      // The business reads Russian from here on (its stored language follows the request's).
      const reply = await server.post('/rpc/legalInfoGet', { lang: 'ru' }, business)
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect((reply.body.documents as LegalDocument[]).map((document) => document.name)).toEqual([
        'Условия использования',
        'Политика конфиденциальности',
        'Тарифы для счетов компаний',
      ])
      const { response, bytes } = await download({ id: 4, lang: 'ru' }, business)
      expect(response.status).toBe(200)
      const pdf = await PDFDocument.load(bytes)
      expect(pdf.getTitle()).toBe('Тарифы для счетов компаний')
    })
  })
}
