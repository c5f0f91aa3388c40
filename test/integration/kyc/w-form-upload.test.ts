// wFormUpload: the built-in electronic signature of the W-9 or W-8BEN (W-8BEN-E for a business)
// of a saved FATCA/CRS certification (spec/kyc.yaml). The signed form is produced from the saved
// answers with the signature block, becomes the form's document with status pending, and
// signData links to it. Only the person a form is for signs it (a business's forms: a user
// with full rights); a form not called for, or signed already, is VF naming formTypes.
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

const person = {
  citizenship: ['GB'],
  birthCity: 'Leeds',
  birthCountryCode: 'GB',
  dateOfBirth: '1979-06-21',
  isUSTaxPayer: false,
  taxIds: [{ countryCode: 'GB', taxId: 'QQ111222A' }],
}

interface SignData {
  clientId: string
  signUrl?: string
  signUrls?: { formType: string; url: string }[]
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let fatca: string
    let fatcaCustomerId: number
    let fjordId: number
    beforeAll(async () => {
      server = await startServer(target)
      fatca = (await server.signIn('fatca@nova.example')).accessToken
      const idOf = async (username: string) => {
        const [user] = await server.db.select().from(users).where(eq(users.username, username))
        return user!.customerId
      }
      fatcaCustomerId = await idOf('fatca@nova.example')
      fjordId = await idOf('fatca-business@nova.example')
    })
    afterAll(async () => {
      await server?.close()
    })

    const sign = (body: object, token: string) => server.post('/rpc/wFormUpload', body, token)
    const personalCertification = async () =>
      (await server.post('/rpc/fatcaCrsPersonalGet', {}, fatca)).body.certification as Record<
        string,
        unknown
      >

    it('refuses to sign before a certification is saved', async () => {
      const reply = await sign({ formTypes: ['w8Ben'] }, fatca)
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['formTypes'])
    })

    it("signs the personal customer's W-8BEN: a pending signed document behind signUrl", async () => {
      const saved = await server.post(
        '/rpc/fatcaCrsPersonalUpdate',
        { isUSTaxPayer: false, taxIds: [{ countryCode: 'GB', taxId: 'QQ123456C' }] },
        fatca,
      )
      expect(saved.body.responseCode, saved.text).toBe('00')
      const unsignedId = (saved.body.certification as { w8BenFormDocumentId: number })
        .w8BenFormDocumentId

      const reply = await sign({ formTypes: ['w8Ben'] }, fatca)
      expect(reply.body.responseCode, reply.text).toBe('00')
      const signData = reply.body.signData as SignData
      expect(signData).toEqual({
        clientId: `personal-${fatcaCustomerId}`,
        signUrl: expect.any(String),
      })
      const form = await openForm(server, signData.signUrl!)
      expect(form.text).toContain('Substitute Form W-8BEN')
      expect(form.text).toContain('Signed electronically by: Avery Stone (fatca@nova.example)')
      expect(form.text).toContain(`In effect until: 31 December ${new Date().getUTCFullYear() + 3}`)
      expect(form.text).not.toContain('Not signed yet')

      const after = await personalCertification()
      expect(after.w8BenFormDocumentStatus).toBe('pending')
      expect(after.w8BenFormDocumentId).not.toBe(unsignedId)
    })

    it('refuses a form signed already, and a form the certification does not call for', async () => {
      const before = await personalCertification()
      const again = await sign({ formTypes: ['w8Ben'] }, fatca)
      expect(again.body.responseCode).toBe('VF')
      expect(failedParameters(again)).toEqual(['formTypes.0'])
      const both = await sign({ formTypes: ['w8Ben', 'w9'] }, fatca)
      expect(failedParameters(both)).toEqual(['formTypes.0', 'formTypes.1'])
      const after = await personalCertification()
      expect(after.w8BenFormDocumentId).toBe(before.w8BenFormDocumentId)
      expect(after.w9FormDocumentStatus).toBe('notRequired')
    })

    it('leaves the signature to the person: an administrator acting for them is refused', async () => {
      await server.post(
        '/rpc/fatcaCrsPersonalUpdate',
        {
          isUSTaxPayer: true,
          citizenship: ['US'],
          taxIds: [{ countryCode: 'US', taxId: '123456789' }],
        },
        fatca,
      )
      const admin = (await server.signIn('admin@nova.example')).accessToken
      const reply = await sign({ formTypes: ['w9'], fromCustomerId: fatcaCustomerId }, admin)
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['formTypes'])
      expect((await personalCertification()).w9FormDocumentStatus).toBe('none')
      const own = await sign({ formTypes: ['w9'] }, fatca)
      expect(own.body.responseCode, own.text).toBe('00')
      expect((await personalCertification()).w9FormDocumentStatus).toBe('pending')
    })

    it("signs a business's W-8BEN-E by a user with full rights, not by an uploading user", async () => {
      const company = (await server.signIn('fatca-business@nova.example')).accessToken
      const saved = await server.post(
        '/rpc/fatcaCrsBusinessUpdate',
        {
          entityType: 'general',
          registrationCountryCode: 'GB',
          isUSTaxPayer: false,
          taxIds: [{ countryCode: 'GB', taxId: '1234567890' }],
        },
        company,
      )
      expect(saved.body.responseCode, saved.text).toBe('00')
      const director = (await server.signIn('fatca-director@nova.example')).accessToken
      const refused = await sign({ formTypes: ['w8Ben'], fromCustomerId: fjordId }, director)
      expect(refused.body.responseCode).toBe('VF')
      expect(failedParameters(refused)).toEqual(['formTypes'])
      const admin = (await server.signIn('admin@nova.example')).accessToken
      const byAdmin = await sign({ formTypes: ['w8Ben'], fromCustomerId: fjordId }, admin)
      expect(failedParameters(byAdmin)).toEqual(['formTypes'])

      const reply = await sign({ formTypes: ['w8Ben'] }, company)
      expect(reply.body.responseCode, reply.text).toBe('00')
      const signData = reply.body.signData as SignData
      expect(signData.clientId).toBe(`business-${fjordId}`)
      const form = await openForm(server, signData.signUrl!)
      expect(form.text).toContain('Substitute Form W-8BEN-E')
      expect(form.text).toContain(
        'Signed electronically by: Fjord Analytics Ltd (fatca-business@nova.example)',
      )
    })

    it('lets a representative sign their own forms, and no one else sign them', async () => {
      const director = (await server.signIn('fatca-director@nova.example')).accessToken
      const company = (await server.signIn('fatca-business@nova.example')).accessToken
      const [morgan] = await server.db
        .select()
        .from(businessRepresentatives)
        .where(
          and(
            eq(businessRepresentatives.companyCustomerId, fjordId),
            eq(businessRepresentatives.lastName, 'Hale'),
          ),
        )
      const saved = await server.post(
        '/rpc/fatcaCrsRepresentativeUpdate',
        { ...person, fromCustomerId: fjordId },
        director,
      )
      expect(saved.body.responseCode, saved.text).toBe('00')
      const byCompany = await sign({ formTypes: ['w8Ben'], representativeId: morgan!.id }, company)
      expect(failedParameters(byCompany)).toEqual(['formTypes'])
      const reply = await sign(
        { formTypes: ['w8Ben'], representativeId: morgan!.id, fromCustomerId: fjordId },
        director,
      )
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect((reply.body.signData as SignData).clientId).toBe(`representative-${morgan!.id}`)
      const after = await server.post(
        '/rpc/fatcaCrsRepresentativeGet',
        { fromCustomerId: fjordId },
        director,
      )
      expect(after.body.certification).toMatchObject({ w8BenFormDocumentStatus: 'pending' })
    })
  })
}
