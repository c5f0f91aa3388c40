// dueDiligenceInfoGet: what enhanced due diligence asks of a customer (product-spec section 3,
// due diligence info): the level, the address, and the due-diligence document with its files
// once one is uploaded (customerDocumentCreate with isDueDiligence).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseTargets, startServer, type TestServer } from '../server-harness.ts'
import { ok, uniquePdf, upload, type UploadedFileBody } from './document-upload-support.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    beforeAll(async () => {
      server = await startServer(target)
      token = (await server.signIn('demo@nova.example')).accessToken
    })
    afterAll(async () => {
      await server?.close()
    })

    it('answers the level and home address, with no document before one is uploaded', async () => {
      const body = await ok(server.post('/rpc/dueDiligenceInfoGet', {}, token))
      expect(body.dueDiligenceInfo).toMatchObject({
        dueDiligenceLevel: 0,
        address: { city: 'London' },
        uploadedDocuments: [],
      })
      expect((body.dueDiligenceInfo as { document?: unknown }).document).toBeUndefined()
    })

    it('shows a due-diligence upload as the document and its file', async () => {
      const sent = await ok(
        upload(
          server,
          'customerDocumentCreate',
          token,
          {
            documentTypeId: 111,
            isDueDiligence: true,
          },
          { mainDocument: { name: 'wealth.pdf', bytes: uniquePdf() } },
        ),
      )
      const [file] = sent.uploadedDocuments as UploadedFileBody[]
      const body = await ok(server.post('/rpc/dueDiligenceInfoGet', {}, token))
      expect(body.dueDiligenceInfo).toMatchObject({
        document: { categoryId: 11, isDueDiligence: true, statusId: 0 },
        uploadedDocuments: [{ id: file?.id, statusId: 0 }],
      })
      // The other documents are not due diligence.
      const others = await ok(
        server.post('/rpc/documentsInquiry', { isDueDiligence: false }, token),
      )
      expect((others.documents as { categoryId: number }[]).map((d) => d.categoryId)).toEqual([
        1, 2,
      ])
    })
  })
}
