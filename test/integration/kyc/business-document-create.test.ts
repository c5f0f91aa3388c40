// businessDocumentCreate: a business's document (company, address, control or a
// representative's own; product-spec sections 3, 4 and 5). Checked as a client sees it: the
// files filed under the right category, a representative of another business refused naming
// representativeId, and a personal customer refused.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { businessRepresentatives } from '../../../src/server/db/schema-business.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import {
  daysAgo,
  documentsOf,
  ok,
  uniquePdf,
  upload,
  type UploadedFileBody,
} from './document-upload-support.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    let admin: string
    let businessId: number
    beforeAll(async () => {
      server = await startServer(target)
      token = (await server.signIn('business@nova.example')).accessToken
      admin = (await server.signIn('admin@nova.example')).accessToken
      const info = await ok(server.post('/rpc/kycCustomerInfoGet', {}, token))
      businessId = (info.kycCustomerInfo as { customerId: number }).customerId
    })
    afterAll(async () => {
      await server?.close()
    })

    const create = (fields: Record<string, string | number>, user = token) =>
      upload(server, 'businessDocumentCreate', user, fields, {
        mainDocument: { name: 'document.pdf', bytes: uniquePdf() },
      })

    it('files a register of shareholders as a control document, in review', async () => {
      const before = await documentsOf(server, token)
      const body = await ok(create({ documentTypeId: 91 }))
      expect(body.uploadedDocuments).toMatchObject([{ categoryId: 9, statusId: 0 }])
      const after = await documentsOf(server, token)
      expect(after.fileCount).toBe(before.fileCount + 1)
      expect(after.documents.find((document) => document.categoryId === 9)).toMatchObject({
        statusId: 0,
        inReview: true,
      })
    })

    it('files a business utility bill under the business address', async () => {
      const body = await ok(create({ documentTypeId: 71, issuedDate: daysAgo(7) }))
      const [file] = body.uploadedDocuments as UploadedFileBody[]
      const addresses = await ok(server.post('/rpc/addressInquiry', {}, token))
      const [office] = addresses.addresses as { uploadedDocuments: { id: number }[] }[]
      expect(office?.uploadedDocuments.map((upload) => upload.id)).toContain(file?.id)
    })

    it("links a director's passport to the representative", async () => {
      // The seeded director of Northwind: no served operation lists representatives yet.
      const [director] = await server.db
        .select({ id: businessRepresentatives.id })
        .from(businessRepresentatives)
        .where(eq(businessRepresentatives.companyCustomerId, businessId))
      const body = await ok(create({ documentTypeId: 1, representativeId: Number(director?.id) }))
      const [file] = body.uploadedDocuments as UploadedFileBody[]
      const theirs = await ok(
        server.post(
          '/rpc/adminReassignDocumentList',
          { fromCustomerId: businessId, representativeId: director?.id },
          admin,
        ),
      )
      expect((theirs.documents as { id: number }[]).map((document) => document.id)).toEqual([
        file?.id,
      ])
    })

    it('refuses a representative of no such business with VF naming representativeId', async () => {
      const reply = await create({ documentTypeId: 1, representativeId: 999_999 })
      expect(failedParameters(reply)).toEqual(['representativeId'])
    })

    it('refuses a personal customer', async () => {
      const personal = (await server.signIn('demo@nova.example')).accessToken
      const reply = await create({ documentTypeId: 91 }, personal)
      expect(reply.body.responseCode).toBe('ENOA')
    })
  })
}
