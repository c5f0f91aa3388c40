// lossOfNationalityUpload: the certificate of loss of US nationality of a person born in the US
// who certified they are no US taxpayer (product-spec section 5), multipart with the file. The
// file is checked by its bytes, stored with the certification, and the form turns pending; it
// stays on file across later saves while it is still asked for. Refused with VF naming the
// field when nothing asks for it, for a bad file or date, and for another person's record.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../../src/server/db/schema.ts'
import { businessRepresentatives } from '../../../src/server/db/schema-business.ts'
import { databaseTargets, startServer, type TestServer } from '../server-harness.ts'
import { certificatePdf, download, postMultipart } from './fatca-support.ts'

const bornInUs = {
  isUSTaxPayer: false,
  birthCountryCode: 'US',
  birthCity: 'Boston',
  taxIds: [{ countryCode: 'GB', taxId: 'QQ123456C' }],
}
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00])

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let fatca: string
    let pdf: Buffer
    beforeAll(async () => {
      server = await startServer(target)
      fatca = (await server.signIn('fatca@nova.example')).accessToken
      pdf = await certificatePdf()
    })
    afterAll(async () => {
      await server?.close()
    })

    const upload = (parts: Parameters<typeof postMultipart>[2], token = fatca) =>
      postMultipart(server, '/rpc/lossOfNationalityUpload', parts, token)
    const document = (bytes: Buffer, type = 'application/pdf', name = 'cln.pdf') => ({
      name,
      type,
      bytes,
    })
    const parameters = (reply: { body: Record<string, unknown> }) =>
      ((reply.body.errors ?? []) as { parameter: string }[]).map((error) => error.parameter)
    const certification = async () =>
      (await server.post('/rpc/fatcaCrsPersonalGet', {}, fatca)).body.certification as Record<
        string,
        unknown
      >

    it('is refused before a certification is saved, and when the certification does not ask for it', async () => {
      const early = await upload({ document: document(pdf) })
      expect(early.body.responseCode).toBe('VF')
      expect(parameters(early)).toEqual(['document'])
      const saved = await server.post(
        '/rpc/fatcaCrsPersonalUpdate',
        { ...bornInUs, birthCountryCode: 'GB', birthCity: 'Bristol' },
        fatca,
      )
      expect(saved.body.responseCode, saved.text).toBe('00')
      const notAsked = await upload({ document: document(pdf) })
      expect(parameters(notAsked)).toEqual(['document'])
      expect((await certification()).certificateOfLossOfNationalityDocumentStatus).toBe(
        'notRequired',
      )
    })

    it('takes the certificate of a person born in the US: pending, and downloadable as uploaded', async () => {
      const saved = await server.post('/rpc/fatcaCrsPersonalUpdate', bornInUs, fatca)
      expect(saved.body.certification).toMatchObject({
        certificateOfLossOfNationalityDocumentStatus: 'none',
      })
      const info = await server.post('/rpc/getCustomerInfo', {}, fatca)
      expect(info.body.customer).toMatchObject({ isNeedFatcaAction: true })

      const reply = await upload({ document: document(pdf), issuedDate: '2019-05-01' })
      expect(reply.body.responseCode, JSON.stringify(reply.body)).toBe('00')
      const after = reply.body.certification as Record<string, string | number>
      expect(after).toMatchObject({
        certificateOfLossOfNationalityDocumentStatus: 'pending',
        certificateOfLossOfNationalityDocumentId: expect.any(Number),
      })
      const file = await download(server, String(after.certificateOfLossOfNationalityDocumentUrl))
      expect(file.status).toBe(200)
      expect(Buffer.from(file.bytes).equals(pdf)).toBe(true)

      // A later save that still asks for it keeps the certificate and its status.
      const again = await server.post(
        '/rpc/fatcaCrsPersonalUpdate',
        { ...bornInUs, taxIds: [{ countryCode: 'GB', taxId: 'QQ999999C' }] },
        fatca,
      )
      expect(again.body.certification).toMatchObject({
        certificateOfLossOfNationalityDocumentStatus: 'pending',
        certificateOfLossOfNationalityDocumentId: after.certificateOfLossOfNationalityDocumentId,
      })
    })

    it('keeps an image scan without a PDF link', async () => {
      const reply = await upload({ document: document(jpeg, 'image/jpeg', 'scan.jpg') })
      expect(reply.body.responseCode, JSON.stringify(reply.body)).toBe('00')
      const after = reply.body.certification as Record<string, unknown>
      expect(after.certificateOfLossOfNationalityDocumentId).toEqual(expect.any(Number))
      expect(after.certificateOfLossOfNationalityDocumentUrl).toBeUndefined()
    })

    it('refuses a file that is no PDF, JPEG or PNG, and a date in the future, changing nothing', async () => {
      const before = await certification()
      const text = await upload({
        document: document(Buffer.from('just text'), 'application/pdf', 'fake.pdf'),
      })
      expect(text.body.responseCode).toBe('VF')
      expect(parameters(text)).toEqual(['document'])
      const future = await upload({ document: document(pdf), issuedDate: '2999-01-01' })
      expect(parameters(future)).toEqual(['issuedDate'])
      const after = await certification()
      expect(after.certificateOfLossOfNationalityDocumentId).toBe(
        before.certificateOfLossOfNationalityDocumentId,
      )
    })

    it("takes a representative's certificate from a user who may act for them, by id", async () => {
      const company = (await server.signIn('fatca-business@nova.example')).accessToken
      const director = (await server.signIn('fatca-director@nova.example')).accessToken
      const [owner] = await server.db
        .select()
        .from(users)
        .where(eq(users.username, 'fatca-business@nova.example'))
      const fjordId = owner!.customerId
      const [riley] = await server.db
        .select()
        .from(businessRepresentatives)
        .where(
          and(
            eq(businessRepresentatives.companyCustomerId, fjordId),
            eq(businessRepresentatives.lastName, 'Quinn'),
          ),
        )
      const saved = await server.post(
        '/rpc/fatcaCrsRepresentativeUpdate',
        {
          ...bornInUs,
          citizenship: ['GB'],
          dateOfBirth: '1984-11-02',
          representativeId: riley!.id,
        },
        company,
      )
      expect(saved.body.responseCode, saved.text).toBe('00')
      const byDirector = await upload(
        {
          document: document(pdf),
          representativeId: String(riley!.id),
          fromCustomerId: String(fjordId),
        },
        director,
      )
      expect(parameters(byDirector)).toEqual(['representativeId'])
      const reply = await upload(
        { document: document(pdf), representativeId: String(riley!.id) },
        company,
      )
      expect(reply.body.responseCode, JSON.stringify(reply.body)).toBe('00')
      expect(reply.body.certification).toMatchObject({
        name: 'Riley Quinn',
        certificateOfLossOfNationalityDocumentStatus: 'pending',
      })
      // The business itself has no nationality: its certification never asks for one.
      const own = await upload({ document: document(pdf) }, company)
      expect(parameters(own)).toEqual(['document'])
    })
  })
}
