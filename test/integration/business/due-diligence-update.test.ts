// dueDiligenceUpdate: an administrator replaces a business's due-diligence answers (product-spec
// section 6); a details text is kept only for a yes answer. Read back from the business
// profile, as no served operation answers it yet. A customer calling it is refused.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { businessProfiles } from '../../../src/server/db/schema-business.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { ok } from '../kyc/document-upload-support.ts'
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

    const update = (body: Record<string, unknown>, token = company.admin) =>
      server.post('/rpc/dueDiligenceUpdate', { fromCustomerId: company.customerId, ...body }, token)

    it('replaces the answers, keeping details only for a yes', async () => {
      const body = await ok(
        update({
          government: true,
          governmentDetails: 'A director sits on a municipal board.',
          lawsuits: false,
          lawsuitsDetails: 'none',
          taxPayers: true,
        }),
      )
      const want = {
        government: true,
        governmentDetails: 'A director sits on a municipal board.',
        lawsuits: false,
        taxPayers: true,
      }
      expect(body.dueDiligence).toEqual(want)
      const [row] = await server.db
        .select({ dueDiligence: businessProfiles.dueDiligence })
        .from(businessProfiles)
        .where(eq(businessProfiles.customerId, company.customerId))
      expect(row?.dueDiligence).toEqual(want)
    })

    it('refuses a missing answer with VF naming it, and a customer with ENOA', async () => {
      const missing = await update({ government: false, lawsuits: false })
      expect(failedParameters(missing)).toEqual(['taxPayers'])
      const asCustomer = await update(
        { government: false, lawsuits: false, taxPayers: true },
        company.token,
      )
      expect(asCustomer.body.responseCode).toBe('ENOA')
    })
  })
}
