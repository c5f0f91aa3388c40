// adminDocumentFileGet: the bytes of one uploaded file for an administrator to view
// (product-spec section 6; DESIGN.md section 11): exactly what was uploaded, with the type
// detected from its bytes, inline, nosniff and no-store; another customer's file and a record
// without bytes refused naming uploadedDocumentId; a customer refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { documentsOf, ok, png, upload, type UploadedFileBody } from './document-upload-support.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let admin: string
    let demo: string
    let demoId: number
    beforeAll(async () => {
      server = await startServer(target)
      admin = (await server.signIn('admin@nova.example')).accessToken
      demo = (await server.signIn('demo@nova.example')).accessToken
      const info = await ok(server.post('/rpc/kycCustomerInfoGet', {}, demo))
      demoId = (info.kycCustomerInfo as { customerId: number }).customerId
    })
    afterAll(async () => {
      await server?.close()
    })

    const fetchFile = (body: Record<string, unknown>, token = admin) =>
      fetch(`${server.baseUrl}/rpc/adminDocumentFileGet`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      })

    it('answers the uploaded bytes with their detected type, inline and unsniffed', async () => {
      const sent = await ok(
        upload(
          server,
          'customerDocumentCreate',
          demo,
          { documentTypeId: 1 },
          {
            // The client claims a PDF; the bytes are a PNG, and that is what is answered.
            mainDocument: { name: 'my passport (1).pdf', bytes: png, type: 'application/pdf' },
          },
        ),
      )
      const [file] = sent.uploadedDocuments as UploadedFileBody[]
      const response = await fetchFile({ fromCustomerId: demoId, uploadedDocumentId: file?.id })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/png')
      expect(response.headers.get('content-disposition')).toBe(
        'inline; filename="my_passport_1_.pdf"',
      )
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true)
    })

    it('refuses a demo record without stored bytes, naming uploadedDocumentId', async () => {
      const { files } = await documentsOf(server, demo)
      const seeded = files.find((file) => file.documentTypeId === 11)
      const response = await fetchFile({ fromCustomerId: demoId, uploadedDocumentId: seeded?.id })
      const body = (await response.json()) as {
        responseCode: string
        errors: { parameter: string }[]
      }
      expect(body.responseCode).toBe('VF')
      expect(body.errors.map((error) => error.parameter)).toEqual(['uploadedDocumentId'])
    })

    it("answers another customer's file as an unknown one", async () => {
      const { files } = await documentsOf(server, demo)
      const reply = await server.post(
        '/rpc/adminDocumentFileGet',
        { uploadedDocumentId: files[0]?.id },
        admin,
      )
      expect(failedParameters(reply)).toEqual(['uploadedDocumentId'])
    })

    it('refuses a customer with ENOA, even for their own file', async () => {
      const { files } = await documentsOf(server, demo)
      const reply = await server.post(
        '/rpc/adminDocumentFileGet',
        { uploadedDocumentId: files[0]?.id },
        demo,
      )
      expect(reply.body.responseCode).toBe('ENOA')
    })
  })
}
