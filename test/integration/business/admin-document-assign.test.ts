// adminDocumentAssign: an administrator reassigns or links an uploaded document (product-spec
// section 6): to a representative (seen in adminReassignDocumentList), to another type and so
// another category (seen in the business's documentsInquiry), recorded with the administrator;
// an unknown target refused naming it, writing nothing; a customer refused.
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
    let fileId: number
    beforeAll(async () => {
      server = await startServer(target)
      company = await northwind(server)
      const sent = await ok(
        upload(
          server,
          'businessDocumentCreate',
          company.token,
          { documentTypeId: 1 },
          {
            mainDocument: { name: 'passport.pdf', bytes: uniquePdf() },
          },
        ),
      )
      fileId = Number((sent.uploadedDocuments as UploadedFileBody[])[0]?.id)
    })
    afterAll(async () => {
      await server?.close()
    })

    const assign = (body: Record<string, unknown>, token = company.admin) =>
      server.post(
        '/rpc/adminDocumentAssign',
        { fromCustomerId: company.customerId, ...body },
        token,
      )

    it("links the passport to the company's director", async () => {
      const body = await ok(assign({ documentId: fileId, representativeId: company.directorId }))
      expect(body.document).toMatchObject({ id: fileId, documentType: 'Passport' })
      const theirs = await ok(
        server.post(
          '/rpc/adminReassignDocumentList',
          { fromCustomerId: company.customerId, representativeId: company.directorId },
          company.admin,
        ),
      )
      expect(theirs.documents).toMatchObject([{ id: fileId }])
    })

    it('reassigns it to another type, filing it under that category', async () => {
      const body = await ok(assign({ documentId: fileId, documentTypeId: 33 }))
      expect(body.document).toMatchObject({ documentTypeId: 33, categoryId: 4 })
      const { documents } = await documentsOf(server, company.token)
      const registration = documents.find((document) => document.categoryId === 4)
      expect(registration?.uploadedDocuments.map((file) => file.id)).toContain(fileId)
      const review = await ok(
        server.post(
          '/rpc/adminCustomerDocumentsGet',
          { fromCustomerId: company.customerId },
          company.admin,
        ),
      )
      const file = (
        review.files as { document: { id: number }; decisions: { action: string }[] }[]
      ).find((row) => row.document.id === fileId)
      expect(file?.decisions.map((decision) => decision.action)).toEqual([
        'reassigned',
        'reassigned',
      ])
    })

    const refusals: [string, { body: Record<string, unknown>; named: string[] }][] = [
      [
        'a type outside the catalogue',
        { body: { documentTypeId: 999 }, named: ['documentTypeId'] },
      ],
      [
        'a representative of no such business',
        { body: { representativeId: 999_999 }, named: ['representativeId'] },
      ],
      ['an address of another customer', { body: { addressId: 30001 }, named: ['addressId'] }],
    ]
    it.each(refusals)('refuses %s with VF naming it, changing nothing', async (_n, c) => {
      const before = await documentsOf(server, company.token)
      const reply = await assign({ documentId: fileId, ...c.body })
      expect(failedParameters(reply)).toEqual(c.named)
      expect((await documentsOf(server, company.token)).documents).toEqual(before.documents)
    })

    it('refuses a document of another customer and a customer calling it', async () => {
      const unknown = await assign({ documentId: 50001, documentTypeId: 1 })
      expect(failedParameters(unknown)).toEqual(['documentId'])
      const asCustomer = await assign({ documentId: fileId, documentTypeId: 1 }, company.token)
      expect(asCustomer.body.responseCode).toBe('ENOA')
    })
  })
}
