// financialDetailUpdate: an administrator replaces a business's financial details (product-spec
// section 6), checked against the dictionaries; read back from the business profile, as no
// served operation answers it yet. A personal customer, an unknown source and a customer
// calling it are refused.
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

const detail = {
  monthlyDepositAmount: '50000.00',
  monthlyDepositCurrency: 'USD',
  monthlyWithdrawalAmount: '42000.50',
  monthlyWithdrawalCurrency: 'EUR',
  sourceIds: [61, 62],
  purposeIds: [21],
  industry: 22,
  sourceSpecifications: { '62': 'Partner programs' },
}

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

    const update = (
      body: Record<string, unknown>,
      fromCustomerId = company.customerId,
      token = company.admin,
    ) => server.post('/rpc/financialDetailUpdate', { fromCustomerId, ...body }, token)
    const stored = async () => {
      const [row] = await server.db
        .select({ financialDetail: businessProfiles.financialDetail })
        .from(businessProfiles)
        .where(eq(businessProfiles.customerId, company.customerId))
      return row?.financialDetail
    }

    it('replaces the financial details', async () => {
      const body = await ok(update(detail))
      expect(body.financialDetail).toEqual(detail)
      expect(await stored()).toEqual(detail)
    })

    const refusals: [string, { given: Record<string, unknown>; named: string[] }][] = [
      ['a personal source of funds', { given: { sourceIds: [1, 62] }, named: ['sourceIds.0'] }],
      ['an unknown industry', { given: { industry: 9999 }, named: ['industry'] }],
      [
        'a specification of a source not chosen',
        { given: { sourceSpecifications: { '63': 'x' } }, named: ['sourceSpecifications.63'] },
      ],
    ]
    it.each(refusals)('refuses %s with VF naming it, changing nothing', async (_n, c) => {
      const reply = await update({ ...detail, ...c.given })
      expect(failedParameters(reply)).toEqual(c.named)
      expect(await stored()).toEqual(detail)
    })

    it('refuses a customer without a business profile, naming fromCustomerId', async () => {
      const demo = (await server.signIn('demo@nova.example')).accessToken
      const info = await ok(server.post('/rpc/kycCustomerInfoGet', {}, demo))
      const demoId = (info.kycCustomerInfo as { customerId: number }).customerId
      const reply = await update(detail, demoId)
      expect(failedParameters(reply)).toEqual(['fromCustomerId'])
      const asCustomer = await update(detail, company.customerId, company.token)
      expect(asCustomer.body.responseCode).toBe('ENOA')
    })
  })
}
