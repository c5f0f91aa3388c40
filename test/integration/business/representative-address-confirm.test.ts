// representativeAddressConfirm: a new proof of address for an address a representative of the
// acting business already has, as a real multipart upload; the address is pending again while
// it is reviewed. Another representative's address, the company's own, or another business's
// representative is VF naming the field; a refused file writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import {
  caller,
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

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let as: ReturnType<typeof caller>
    let sam: Representative
    let jordan: Representative
    let nina: Representative
    beforeAll(async () => {
      server = await startServer(target)
      as = caller(server)
      const directors = (await as.call(owner, 'directorList')).body.directors as Representative[]
      ;[sam, jordan] = directors as [Representative, Representative]
      nina = (
        (await as.call('business-kyc@nova.example', 'directorList')).body
          .directors as Representative[]
      )[0]!
    })
    afterAll(async () => {
      await server?.close()
    })

    const confirm = async (
      data: Record<string, unknown>,
      files: Record<string, UploadPart> = { mainDocument: pdfFile() },
      username = owner,
    ) =>
      postMultipart(server, 'representativeAddressConfirm', await as.tokenOf(username), data, files)
    const addressesOf = async (id: number, username = owner) =>
      (
        (await as.call(username, 'businessRepresentativeInfoGet', { id })).body
          .representative as Representative
      ).addresses as Address[]

    it("proves a director's registered address: pending, with the proof under it", async () => {
      const [riga] = await addressesOf(jordan.id)
      expect(riga).toMatchObject({ addressStatus: 0, isDocumentRequired: true })
      const reply = await confirm(
        {
          representativeId: jordan.id,
          addressId: riga?.addressId,
          documentTypeId: 12,
          issuedDate: dayFromToday(-5),
        },
        { mainDocument: pdfFile('statement.pdf'), additionalDocument: pngFile('page-2.png') },
      )
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect(reply.body.address).toMatchObject({
        addressId: riga?.addressId,
        address1: 'Brivibas iela 40',
        addressStatus: 2,
        isDocumentRequired: false,
      })
      const after = (await as.call(owner, 'directorList')).body.directors as Representative[]
      expect(after[1]).toMatchObject({ firstName: 'Jordan', addressDocumentStatus: 2 })
      expect(after[1]?.addresses?.[0]?.uploadedDocuments.map((d) => d.isSubDocument)).toEqual([
        true,
        false,
      ])
    })

    it('files a newer proof of a confirmed address with the older ones', async () => {
      const studio = 'business-kyc@nova.example'
      const [home] = await addressesOf(nina.id, studio)
      expect(home).toMatchObject({ addressStatus: 1 })
      const reply = await confirm(
        { representativeId: nina.id, addressId: home?.addressId, documentTypeId: 14 },
        undefined,
        studio,
      )
      expect(reply.body.responseCode, reply.text).toBe('00')
      const address = reply.body.address as Address
      expect(address.addressStatus).toBe(2)
      expect(address.uploadedDocuments.map((d) => [d.documentTypeId, d.statusId])).toEqual([
        [14, 0],
        [11, 2],
      ])
    })

    it.each<[string, (ids: Record<string, number>) => Record<string, unknown>, string[]]>([
      [
        "another representative's address",
        (ids) => ({ representativeId: ids.jordan, addressId: ids.samHome }),
        ['data.addressId'],
      ],
      [
        "the company's own address",
        (ids) => ({ representativeId: ids.jordan, addressId: ids.office }),
        ['data.addressId'],
      ],
      [
        "another business's representative",
        (ids) => ({ representativeId: ids.nina, addressId: ids.jordanHome }),
        ['data.representativeId'],
      ],
    ])('refuses %s, naming it, writing nothing', async (_name, pick, want) => {
      const office = (
        (await as.call(owner, 'businessInfoGet')).body.companyInfo as { addresses: Address[] }
      ).addresses[0]
      const ids = {
        jordan: jordan.id,
        nina: nina.id,
        samHome: (await addressesOf(sam.id))[0]!.addressId,
        jordanHome: (await addressesOf(jordan.id))[0]!.addressId,
        office: office!.addressId,
      }
      const before = [await addressesOf(sam.id), await addressesOf(jordan.id)]
      const reply = await confirm({ documentTypeId: 14, ...pick(ids) })
      expect(reply.body.responseCode, reply.text).toBe('VF')
      expect(failedParameters(reply)).toEqual(want)
      expect([await addressesOf(sam.id), await addressesOf(jordan.id)]).toEqual(before)
    })

    it('refuses a file that is no document and a type needing a further page, writing nothing', async () => {
      const [riga] = await addressesOf(jordan.id)
      const before = await addressesOf(jordan.id)
      const bad = await confirm(
        { representativeId: jordan.id, addressId: riga?.addressId, documentTypeId: 14 },
        { mainDocument: fakePdf() },
      )
      expect(failedParameters(bad)).toEqual(['mainDocument'])
      const internal = await confirm({
        representativeId: jordan.id,
        addressId: riga?.addressId,
        documentTypeId: 4,
      })
      // The internal passport is of Russia and Ukraine only, and comes with its stamp page.
      expect(failedParameters(internal)).toEqual(['data.documentTypeId', 'additionalDocument'])
      expect(await addressesOf(jordan.id)).toEqual(before)
    })
  })
}
