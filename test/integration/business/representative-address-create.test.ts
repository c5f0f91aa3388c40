// representativeAddressCreate: a new address for a representative of the acting business with
// its proof of address, as a real multipart upload. The representative must be the business's,
// the document type must prove such an address in that country with the parts it needs and
// recent enough dates, and every file is checked by its bytes; one refusal refuses the whole
// request and nothing is written (product-spec sections 3, 5 and 7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, sql } from 'drizzle-orm'
import { storedFiles } from '../../../src/server/db/schema.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import {
  caller,
  customerIdOf,
  dayFromToday,
  fakePdf,
  pdfFile,
  pngFile,
  postMultipart,
  type Address,
  type Representative,
  type UploadPart,
} from './business-fixtures.ts'

const owner = 'business@nova.example'
const rigaFlat = {
  address1: 'Elizabetes iela 2',
  city: 'Riga',
  postalCode: 'LV-1010',
  countryCode: 'LV',
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let as: ReturnType<typeof caller>
    let ids: { sam: number; baltic: number; jordan: number; nina: number }
    beforeAll(async () => {
      server = await startServer(target)
      as = caller(server)
      const tree = (await as.call(owner, 'shareholderList')).body.shareholders as Representative[]
      const baltic = tree[1]
      ids = {
        sam: tree[0]!.id,
        baltic: baltic!.id,
        jordan: baltic!.shareholders![0]!.id,
        // Kestrel Media's owner, a representative of another business.
        nina: (
          (await as.call('business-kyc@nova.example', 'directorList')).body
            .directors as Representative[]
        )[0]!.id,
      }
    })
    afterAll(async () => {
      await server?.close()
    })

    const upload = async (
      data: Record<string, unknown>,
      files: Record<string, UploadPart> = { mainDocument: pdfFile() },
      username = owner,
      fromCustomerId?: number,
    ) =>
      postMultipart(
        server,
        'representativeAddressCreate',
        await as.tokenOf(username),
        data,
        files,
        fromCustomerId,
      )
    const proof = (extra: Record<string, unknown> = {}) => ({
      representativeId: ids.jordan,
      address: rigaFlat,
      documentTypeId: 11,
      issuedDate: dayFromToday(-10),
      ...extra,
    })
    const representative = async (id: number) =>
      (await as.call(owner, 'businessRepresentativeInfoGet', { id })).body
        .representative as Representative
    const storedFileCount = async () =>
      (await server.db.select({ n: count() }).from(storedFiles))[0]?.n

    it("adds the address as the representative's, pending while its proof is reviewed", async () => {
      const reply = await upload(proof({ expiresDate: dayFromToday(300) }), {
        mainDocument: pdfFile('bill.pdf'),
      })
      expect(reply.body.responseCode, reply.text).toBe('00')
      const address = reply.body.address as Address
      expect(address).toMatchObject({
        addressType: 1,
        ...rigaFlat,
        addressStatus: 2,
        confirmed: false,
        isDocumentRequired: false,
        uploadedDocuments: [
          {
            documentTypeId: 11,
            documentType: 'Utility bill',
            categoryId: 2,
            statusId: 0,
            uploaded: true,
            isSubDocument: false,
            issuedDate: dayFromToday(-10),
            expiresDate: dayFromToday(300),
            createdUsername: owner,
          },
        ],
      })
      const jordan = await representative(ids.jordan)
      expect(jordan.addresses?.map((a) => a.address1)).toEqual([
        'Brivibas iela 40',
        'Elizabetes iela 2',
      ])
      // Pending and unconfirmed addresses: the older one still needs him.
      expect(jordan.addressDocumentStatus).toBe(0)
      // The company's own addresses are unchanged: the new one is Jordan's.
      const company = (await as.call(owner, 'businessInfoGet')).body.companyInfo as {
        addresses: Address[]
      }
      expect(company.addresses.map((a) => a.address1)).not.toContain('Elizabetes iela 2')
    })

    it("files a company shareholder's address with a business address document", async () => {
      const reply = await upload({
        representativeId: ids.baltic,
        address: { address1: 'Gedimino pr. 20', city: 'Vilnius', countryCode: 'LT' },
        documentTypeId: 72,
      })
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect(reply.body.address).toMatchObject({
        addressType: 2,
        uploadedDocuments: [{ documentTypeId: 72, categoryId: 7 }],
      })
    })

    it('keeps the relationship document and the further page with the proof', async () => {
      const reply = await upload(proof({ documentTypeId: 15, addressType: 4 }), {
        mainDocument: pdfFile('mother-bill.pdf'),
        relationshipDocument: pngFile('birth-certificate.png'),
      })
      expect(reply.body.responseCode, reply.text).toBe('00')
      const address = reply.body.address as Address
      expect(address.addressType).toBe(4)
      expect(address.uploadedDocuments.map((d) => [d.documentTypeId, d.isSubDocument])).toEqual([
        [15, true],
        [15, false],
      ])
    })

    it.each<[string, Record<string, unknown>, Record<string, UploadPart> | undefined, string[]]>([
      [
        'a representative of another business',
        { representativeId: -1 },
        undefined,
        ['data.representativeId'],
      ],
      ['an identity document', { documentTypeId: 1 }, undefined, ['data.documentTypeId']],
      ['a type of no catalogue entry', { documentTypeId: 999 }, undefined, ['data.documentTypeId']],
      [
        "a type of another country (the UK's council tax)",
        { documentTypeId: 18 },
        undefined,
        ['data.documentTypeId'],
      ],
      [
        "a family member's document without the proof of relationship",
        { documentTypeId: 15 },
        undefined,
        ['relationshipDocument'],
      ],
      [
        'a card with a back page sent without it',
        { documentTypeId: 5, address: { ...rigaFlat, countryCode: 'IN' } },
        undefined,
        ['additionalDocument'],
      ],
      [
        'a bill issued 91 days ago',
        { issuedDate: dayFromToday(-91) },
        undefined,
        ['data.issuedDate'],
      ],
      ['a bill without its issue date', { issuedDate: undefined }, undefined, ['data.issuedDate']],
      ['an issue date to come', { issuedDate: dayFromToday(2) }, undefined, ['data.issuedDate']],
      ['an expired document', { expiresDate: dayFromToday(-1) }, undefined, ['data.expiresDate']],
      [
        'a country of no dictionary entry',
        { address: { ...rigaFlat, countryCode: 'XX' } },
        undefined,
        ['data.address.countryCode'],
      ],
      [
        'a state of another country',
        { address: { ...rigaFlat, countryCode: 'US', stateCode: 'NSW' } },
        undefined,
        ['data.address.stateCode'],
      ],
      [
        'a main document that is no PDF, JPEG or PNG',
        {},
        { mainDocument: fakePdf() },
        ['mainDocument'],
      ],
      [
        'one bad file among good ones',
        { documentTypeId: 15 },
        { mainDocument: pdfFile(), relationshipDocument: fakePdf('relation.pdf') },
        ['relationshipDocument'],
      ],
      [
        "a person's proof for a company shareholder",
        { representativeId: 'baltic' },
        undefined,
        ['data.documentTypeId'],
      ],
    ])(
      'refuses %s with VF naming the field, writing nothing',
      async (_name, change, files, want) => {
        const data: Record<string, unknown> = { ...proof(), ...change }
        if (data.representativeId === -1) data.representativeId = ids.nina
        if (data.representativeId === 'baltic') data.representativeId = ids.baltic
        if ('issuedDate' in change && change.issuedDate === undefined) delete data.issuedDate
        const before = [
          await representative(ids.jordan),
          await representative(ids.baltic),
          await storedFileCount(),
        ]
        const reply = await upload(data, files)
        expect(reply.body.responseCode, reply.text).toBe('VF')
        expect(failedParameters(reply)).toEqual(want)
        expect([
          await representative(ids.jordan),
          await representative(ids.baltic),
          await storedFileCount(),
        ]).toEqual(before)
      },
    )

    it('leaves nothing behind when a write fails midway', async () => {
      await server.db.execute(
        sql.raw(`
          create function test_fail_sub_document() returns trigger language plpgsql as $$
          begin
            if new.is_sub_document then raise exception 'the disk is full'; end if;
            return new;
          end $$`),
      )
      await server.db.execute(
        sql.raw(`create trigger test_fail_sub_document before insert on uploaded_documents
          for each row execute function test_fail_sub_document()`),
      )
      const before = [await representative(ids.jordan), await storedFileCount()]
      const reply = await upload(proof({ documentTypeId: 15 }), {
        mainDocument: pdfFile(),
        relationshipDocument: pdfFile('relation.pdf'),
      })
      await server.db.execute(sql.raw('drop trigger test_fail_sub_document on uploaded_documents'))
      await server.db.execute(sql.raw('drop function test_fail_sub_document()'))
      expect(reply.status).toBe(500)
      expect([await representative(ids.jordan), await storedFileCount()]).toEqual(before)
    })

    it('lets an uploading user add one, and refuses a user with read rights with 13', async () => {
      const company = await customerIdOf(server, owner)
      const reply = await upload(proof(), undefined, 'employee@nova.example', company)
      expect(reply.body.responseCode).toBe('13')
      await server.db.execute(
        sql.raw(`update company_users set access_right = 5 where user_id =
          (select id from users where username = 'employee@nova.example')`),
      )
      const uploading = await upload(proof(), undefined, 'employee@nova.example', company)
      expect(uploading.body.responseCode, uploading.text).toBe('00')
      expect((uploading.body.address as Address).uploadedDocuments[0]?.createdUsername).toBe(
        'employee@nova.example',
      )
    })
  })
}
