// adminReassignDocumentList: the uploaded documents an administrator can reassign, link or
// remove (product-spec section 6): the business's main files, newest first, or one
// representative's; a representative of another business and a customer refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { documentsOf, ok } from '../kyc/document-upload-support.ts'
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

    it("lists the business's uploaded files, newest first, as its users see them", async () => {
      const body = await ok(
        server.post(
          '/rpc/adminReassignDocumentList',
          { fromCustomerId: company.customerId },
          company.admin,
        ),
      )
      const { files } = await documentsOf(server, company.token)
      const ids = (body.documents as { id: number }[]).map((document) => document.id)
      expect(ids).toEqual(files.map((file) => file.id).sort((a, b) => b - a))
      expect(body.documents).toMatchObject([
        { documentType: 'Business utility bill' },
        { documentType: 'Certificate of incorporation' },
      ])
    })

    it("lists none for a representative with no documents, and refuses another's", async () => {
      const none = await ok(
        server.post(
          '/rpc/adminReassignDocumentList',
          { fromCustomerId: company.customerId, representativeId: company.directorId },
          company.admin,
        ),
      )
      expect(none.documents).toEqual([])
      const reply = await server.post(
        '/rpc/adminReassignDocumentList',
        { fromCustomerId: company.customerId, representativeId: 999_999 },
        company.admin,
      )
      expect(failedParameters(reply)).toEqual(['representativeId'])
    })

    it('refuses a customer with ENOA', async () => {
      const reply = await server.post('/rpc/adminReassignDocumentList', {}, company.token)
      expect(reply.body.responseCode).toBe('ENOA')
    })
  })
}
