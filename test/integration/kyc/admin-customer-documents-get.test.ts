// adminCustomerDocumentsGet: what an administrator reviews of one customer (product-spec
// section 6): the documents as the customer sees them, every file with its stored facts and
// links, duplicates across customers, and the status; a customer refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseTargets, startServer, type TestServer } from '../server-harness.ts'
import { documentsOf, ok, uniquePdf, upload } from './document-upload-support.ts'

interface FileRow {
  document: { id: number; statusId: number; documentType: string }
  hasFile: boolean
  fileName?: string
  contentType?: string
  addressId?: number
  duplicateElsewhere: boolean
  decisions: unknown[]
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let admin: string
    beforeAll(async () => {
      server = await startServer(target)
      admin = (await server.signIn('admin@nova.example')).accessToken
    })
    afterAll(async () => {
      await server?.close()
    })

    const customerIdOf = async (token: string) => {
      const info = await ok(server.post('/rpc/kycCustomerInfoGet', {}, token))
      return (info.kycCustomerInfo as { customerId: number }).customerId
    }
    const review = (customerId: number) =>
      ok(server.post('/rpc/adminCustomerDocumentsGet', { fromCustomerId: customerId }, admin))

    it("answers the review customer's files, documents and status", async () => {
      const customer = (await server.signIn('review@nova.example')).accessToken
      const body = await review(await customerIdOf(customer))
      expect(body).toMatchObject({ name: 'Riley Stone', kind: 'personal' })
      expect(body.status).toMatchObject({ verificationState: 'processing' })
      const files = body.files as FileRow[]
      expect(files).toMatchObject([
        {
          document: { documentType: 'Utility bill', statusId: 0 },
          hasFile: true,
          contentType: 'application/pdf',
        },
        {
          document: { documentType: 'Passport', statusId: 0 },
          fileName: 'passport.pdf',
          decisions: [],
        },
      ])
      expect(files[0]?.addressId).toBeDefined()
      // The documents are the customer's own view of them.
      const own = await documentsOf(server, customer)
      expect(body.documents).toEqual(own.documents)
    })

    it('marks a file another customer uploaded too', async () => {
      const shared = uniquePdf('shared')
      const demo = (await server.signIn('demo@nova.example')).accessToken
      const business = (await server.signIn('business@nova.example')).accessToken
      await ok(
        upload(
          server,
          'customerDocumentCreate',
          demo,
          { documentTypeId: 1 },
          {
            mainDocument: { name: 'a.pdf', bytes: shared },
          },
        ),
      )
      await ok(
        upload(
          server,
          'businessDocumentCreate',
          business,
          { documentTypeId: 31 },
          {
            mainDocument: { name: 'b.pdf', bytes: shared },
          },
        ),
      )
      const body = await review(await customerIdOf(demo))
      const [newest] = body.files as FileRow[]
      expect(newest).toMatchObject({ fileName: 'a.pdf', duplicateElsewhere: true })
    })

    it('refuses a customer with ENOA', async () => {
      const demo = (await server.signIn('demo@nova.example')).accessToken
      const reply = await server.post('/rpc/adminCustomerDocumentsGet', {}, demo)
      expect(reply.body.responseCode).toBe('ENOA')
    })
  })
}
