// adminDocumentRemove: an administrator removes an uploaded document (product-spec section 6):
// gone from the customer's documentsInquiry and from the review list, recorded, and not
// removable twice; a customer refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import {
  documentsOf,
  ok,
  uniquePdf,
  upload,
  type UploadedFileBody,
} from '../kyc/document-upload-support.ts'
import { northwind } from './admin-document-support.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let company: Awaited<ReturnType<typeof northwind>>
    beforeAll(async () => {
      server = await startServer(target)
      company = await northwind(server)
    })
    afterAll(async () => {
      await server?.close()
    })

    const remove = (documentId: number, token = company.admin) =>
      server.post(
        '/rpc/adminDocumentRemove',
        { fromCustomerId: company.customerId, documentId },
        token,
      )

    it('removes an identity card with its back page from what the customer sees', async () => {
      const sent = await ok(
        upload(
          server,
          'businessDocumentCreate',
          company.token,
          { documentTypeId: 2 },
          {
            mainDocument: { name: 'front.pdf', bytes: uniquePdf() },
            backPage: { name: 'back.pdf', bytes: uniquePdf() },
          },
        ),
      )
      const [main, back] = sent.uploadedDocuments as UploadedFileBody[]
      const customer = (await server.signIn('business@nova.example')).accessToken
      const asCustomer = await remove(Number(main?.id), customer)
      expect(asCustomer.body.responseCode).toBe('ENOA')
      const back_ = await remove(Number(back?.id))
      expect(failedParameters(back_)).toEqual(['documentId'])
      await ok(remove(Number(main?.id)))
      const ids = (await documentsOf(server, company.token)).files.map((file) => file.id)
      expect(ids).not.toContain(main?.id)
      expect(ids).not.toContain(back?.id)
      const again = await remove(Number(main?.id))
      expect(failedParameters(again)).toEqual(['documentId'])
    })

    it('takes a customer off the review list once its waiting file is removed', async () => {
      const before = await ok(server.post('/rpc/adminReviewList', {}, company.admin))
      expect(before.customers).toContainEqual(
        expect.objectContaining({ customerId: company.customerId }),
      )
      const { files } = await documentsOf(server, company.token)
      const waiting = files.find((file) => file.statusId === 31)
      await ok(remove(Number(waiting?.id)))
      const after = await ok(server.post('/rpc/adminReviewList', {}, company.admin))
      expect(after.customers).not.toContainEqual(
        expect.objectContaining({ customerId: company.customerId }),
      )
    })
  })
}
