// fatcaCrsRepresentativeGet and fatcaCrsRepresentativeUpdate: a business representative's own
// FATCA/CRS self-certification (product-spec section 6). Fjord Analytics Ltd
// (src/server/demo/fatca.ts) has a director who signs in as fatca-director@nova.example with
// uploading rights (5), and an owner without a sign-in. The director certifies for himself
// only; the company's own sign-in (full rights) certifies for any of its representatives;
// another business's representative is refused like an unknown one.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../../src/server/db/schema.ts'
import { businessRepresentatives } from '../../../src/server/db/schema-business.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { openForm } from './fatca-support.ts'

interface Certification {
  name?: string
  residenceAddress?: { address1: string }
  dateOfBirth?: string
  taxResidencySelfCertificationDocumentUrl?: string
  taxResidencySelfCertificationDocumentStatus: string
  w8BenFormDocumentUrl?: string
  w8BenFormDocumentStatus: string
  w9FormDocumentStatus: string
  certificateOfLossOfNationalityDocumentStatus: string
  [field: string]: unknown
}

const morgan = {
  citizenship: ['GB'],
  birthCity: 'Leeds',
  birthCountryCode: 'GB',
  dateOfBirth: '1979-06-21',
  isUSTaxPayer: false,
  taxIds: [{ countryCode: 'GB', taxId: 'QQ111222A' }],
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let director: string
    let company: string
    let fjordId: number
    let rileyId: number
    beforeAll(async () => {
      server = await startServer(target)
      director = (await server.signIn('fatca-director@nova.example')).accessToken
      company = (await server.signIn('fatca-business@nova.example')).accessToken
      const [owner] = await server.db
        .select()
        .from(users)
        .where(eq(users.username, 'fatca-business@nova.example'))
      fjordId = owner!.customerId
      const [riley] = await server.db
        .select()
        .from(businessRepresentatives)
        .where(
          and(
            eq(businessRepresentatives.companyCustomerId, fjordId),
            eq(businessRepresentatives.lastName, 'Quinn'),
          ),
        )
      rileyId = riley!.id
    })
    afterAll(async () => {
      await server?.close()
    })

    const get = (body: object, token: string) =>
      server.post('/rpc/fatcaCrsRepresentativeGet', { fromCustomerId: fjordId, ...body }, token)
    const update = (body: object, token: string) =>
      server.post('/rpc/fatcaCrsRepresentativeUpdate', { fromCustomerId: fjordId, ...body }, token)
    const certificationOf = async (body: object, token: string): Promise<Certification> => {
      const reply = await get(body, token)
      expect(reply.body.responseCode, reply.text).toBe('00')
      return reply.body.certification as Certification
    }

    it("shows the signed-in representative's own form, prefilled from the registration", async () => {
      expect(await certificationOf({}, director)).toMatchObject({
        name: 'Morgan Hale',
        residenceAddress: { address1: '7 Park Row', city: 'Bristol', countryCode: 'GB' },
        dateOfBirth: '1979-06-21',
        taxResidencySelfCertificationDocumentStatus: 'none',
        w8BenFormDocumentStatus: 'none',
        certificateOfLossOfNationalityDocumentStatus: 'notRequired',
      })
    })

    it("saves the representative's own answers and produces the forms naming the company", async () => {
      const reply = await update(morgan, director)
      expect(reply.body.responseCode, reply.text).toBe('00')
      const saved = reply.body.certification as Certification
      expect(saved).toMatchObject({
        ...morgan,
        hasUSIndicia: false,
        taxResidencySelfCertificationDocumentStatus: 'pending',
        w8BenFormDocumentStatus: 'none',
        w9FormDocumentStatus: 'notRequired',
      })
      const form = await openForm(server, saved.taxResidencySelfCertificationDocumentUrl!)
      expect(form.text).toContain('Name: Morgan Hale')
      expect(form.text).toContain(`Representative of: Fjord Analytics Ltd (customer ${fjordId})`)
      expect(form.text).toContain('Positions: director')
      expect(form.text).toContain('Permanent residence address: 7 Park Row, BS1 5LJ Bristol')
      const w8Ben = await openForm(server, saved.w8BenFormDocumentUrl!)
      expect(w8Ben.text).toContain('1 Name of individual who is the beneficial owner: Morgan Hale')
      // The representative's statuses are their own: the company's certification is untouched.
      const list = await server.post('/rpc/customerAccessListGet', {}, company)
      expect(list.body.accessInfo).toMatchObject({ taxSelfCertificationStatus: 'none' })
    })

    it("lets the company's full-rights sign-in certify for another representative", async () => {
      const riley = {
        ...morgan,
        birthCity: 'Denver',
        birthCountryCode: 'US',
        dateOfBirth: '1984-11-02',
        representativeId: rileyId,
      }
      const reply = await update(riley, company)
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect(reply.body.certification).toMatchObject({
        name: 'Riley Quinn',
        hasUSIndicia: true,
        certificateOfLossOfNationalityDocumentStatus: 'none',
      })
      expect(await certificationOf({ representativeId: rileyId }, company)).toMatchObject({
        name: 'Riley Quinn',
        birthCountryCode: 'US',
      })
    })

    it("refuses another representative's certification to a user without full rights", async () => {
      const read = await get({ representativeId: rileyId }, director)
      expect(read.body.responseCode).toBe('VF')
      expect(failedParameters(read)).toEqual(['representativeId'])
      const write = await update({ ...morgan, representativeId: rileyId }, director)
      expect(write.body.responseCode).toBe('VF')
      expect(failedParameters(write)).toEqual(['representativeId'])
    })

    it('refuses a representative of another business like an unknown one', async () => {
      const business = (await server.signIn('business@nova.example')).accessToken
      const foreign = await server.post(
        '/rpc/fatcaCrsRepresentativeGet',
        { representativeId: rileyId },
        business,
      )
      const unknown = await server.post(
        '/rpc/fatcaCrsRepresentativeGet',
        { representativeId: 2_000_000_000 },
        business,
      )
      expect(foreign.body).toEqual(unknown.body)
      expect(failedParameters(foreign)).toEqual(['representativeId'])
      expect(foreign.body.certification).toBeUndefined()
    })

    it('asks a sign-in that is no representative to name one', async () => {
      const reply = await get({}, company)
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['representativeId'])
    })

    it('refuses contradicting answers with VF naming the field, changing nothing', async () => {
      const before = await certificationOf({}, director)
      const reply = await update({ ...morgan, citizenship: ['GB', 'US'] }, director)
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['isUSTaxPayer'])
      const after = await certificationOf({}, director)
      expect({
        ...after,
        taxResidencySelfCertificationDocumentUrl: before.taxResidencySelfCertificationDocumentUrl,
        w8BenFormDocumentUrl: before.w8BenFormDocumentUrl,
      }).toEqual(before)
    })

    it('asks for the address the forms print when the representative has none on file', async () => {
      const [added] = await server.db
        .insert(businessRepresentatives)
        .values({ companyCustomerId: fjordId, type: 1, firstName: 'Sam', lastName: 'Noaddress' })
        .returning()
      const reply = await update({ ...morgan, representativeId: added!.id }, company)
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['residenceAddress'])
    })

    it('leaves the update to users with full or uploading rights', async () => {
      const employee = (await server.signIn('employee@nova.example')).accessToken
      const business = await server.post(
        '/rpc/getCustomerInfo',
        {},
        (await server.signIn('business@nova.example')).accessToken,
      )
      const fromCustomerId = (business.body.customer as { customerId: number }).customerId
      const reply = await server.post(
        '/rpc/fatcaCrsRepresentativeUpdate',
        { ...morgan, fromCustomerId },
        employee,
      )
      expect(reply.body.responseCode).toBe('13')
    })
  })
}
