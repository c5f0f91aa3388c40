// businessInfoGet: the company as registered, its own addresses and documents with their
// review, its forms' answers and who owes source-of-wealth documents (product-spec section 3,
// Company info; sections 5 and 9).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../../src/generated/api.d.ts'
import { databaseTargets, startServer, type TestServer } from '../server-harness.ts'
import { caller, customerIdOf, ownerPassword, registerBusiness } from './business-fixtures.ts'

type CompanyInfo = components['schemas']['CompanyInfo']

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let as: ReturnType<typeof caller>
    beforeAll(async () => {
      server = await startServer(target)
      as = caller(server)
    })
    afterAll(async () => {
      await server?.close()
    })

    const infoOf = async (username: string, body: Record<string, unknown> = {}) => {
      const reply = await as.call(username, 'businessInfoGet', body)
      expect(reply.body.responseCode, reply.text).toBe('00')
      return reply.body.companyInfo as CompanyInfo
    }

    it('shows what the registration stored, with its own addresses only', async () => {
      const emails: [string, string] = ['olivia@company.example', 'rosa@company.example']
      await registerBusiness(server, emails)
      await as.tokenOf(emails[0], ownerPassword)
      const info = await infoOf(emails[0])
      expect(info).toMatchObject({
        name: 'Acme Trading Ltd',
        registrationCountryCode: 'ES',
        registrationNumber: 'C-100200',
        registrationDate: '2015-06-01',
        businessTaxId: 'B12345678',
        email: emails[0],
        verified: false,
        limited: false,
        isConverted: true,
        financialInstitution: false,
        financialDetail: { industry: 20, sourceIds: [61], monthlyDepositCurrency: 'EUR' },
        dueDiligenceQuestionnaire: { government: false, lawsuits: false, taxPayers: true },
        additionalQuestionAnswers: [],
        corporateDocuments: [],
        additionalDocuments: [],
        sourceOfWealthDocuments: [],
      })
      // The registered address and the place of business; the people's addresses are theirs.
      expect(info.addresses?.map((a) => [a.addressType, a.countryCode])).toEqual([
        [2, 'ES'],
        [5, 'PT'],
      ])
      // Above 25 % with source of wealth on (the main brand): Olivia (60 %) and Hugo (28 %)
      // owe a document per chosen source; Rosa (12 %) owes none.
      expect(
        info.sourceOfWealthRequirements?.map((r) => [r.firstName, r.effectiveShare, r.sourceId]),
      ).toEqual([
        ['Olivia', 60, 3],
        ['Hugo', 28, 5],
      ])
    })

    it("shows the demo company's documents with their review", async () => {
      const info = await infoOf('business@nova.example')
      expect(info).toMatchObject({
        name: 'Northwind Trading Ltd',
        tradingName: 'Northwind',
        registrationCountryCode: 'LT',
        website: 'https://northwind.example',
        verified: true,
        corporateDocumentsStatus: 2,
        corporateDocuments: [{ documentTypeId: 31, statusId: 2, categoryId: 4 }],
      })
      expect(info).not.toHaveProperty('additionalDocumentsStatus')
      expect(info.addresses?.map((a) => [a.address1, a.addressStatus])).toEqual([
        ['Gedimino pr. 1', 2],
      ])
      expect(info).not.toHaveProperty('phone')
    })

    it('answers an employee with read access acting for the company the same', async () => {
      const info = await infoOf('employee@nova.example', {
        fromCustomerId: await customerIdOf(server, 'business@nova.example'),
      })
      expect(info.name).toBe('Northwind Trading Ltd')
    })

    it('shows a business without a registration here from its customer record', async () => {
      const info = await infoOf('retail@nova.example')
      expect(info).toMatchObject({
        name: 'Harbor Retail Ltd',
        registrationCountryCode: 'GB',
        addresses: [],
      })
      expect(info).not.toHaveProperty('registrationNumber')
    })

    it('answers ENOA for a personal customer and 13 for a company the user has no right on', async () => {
      expect((await as.call('demo@nova.example', 'businessInfoGet')).body.responseCode).toBe('ENOA')
      const other = await as.call('employee@nova.example', 'businessInfoGet', {
        fromCustomerId: await customerIdOf(server, 'retail@nova.example'),
      })
      expect(other.body.responseCode).toBe('13')
    })
  })
}
