// directorList: the business's directors (position 2) with their addresses, proofs and rights
// (product-spec section 3, Representative role types; section 4, representative actions).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseTargets, startServer, type TestServer } from '../server-harness.ts'
import {
  caller,
  customerIdOf,
  ownerPassword,
  registerBusiness,
  type Representative,
} from './business-fixtures.ts'

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

    it('lists the directors a registration named, with the address it gave as theirs', async () => {
      const emails: [string, string] = ['olivia@directors.example', 'rosa@directors.example']
      await registerBusiness(server, emails)
      await as.tokenOf(emails[0], ownerPassword)
      const reply = await as.call(emails[0], 'directorList')
      expect(reply.body.responseCode, reply.text).toBe('00')
      const directors = reply.body.directors as Representative[]
      expect(directors).toHaveLength(1)
      expect(directors[0]).toMatchObject({
        type: 1,
        firstName: 'Olivia',
        lastName: 'Owner',
        birthday: '1980-01-01',
        email: emails[0],
        taxId: '12345678Z',
        positionIds: [2, 6, 8],
        isUser: true,
        accessRights: 2,
        sourceIds: [3],
        // The address registration gave, not proved yet: the representative has to act.
        addressDocumentStatus: 0,
        addresses: [
          {
            addressType: 1,
            address1: '1 Main Street',
            city: 'Town',
            countryCode: 'ES',
            addressStatus: 0,
            confirmed: false,
            uploadedDocuments: [],
            isDocumentRequired: true,
          },
        ],
      })
      // The business's own sign-in is the business: no customer of her own.
      expect(directors[0]).not.toHaveProperty('customerId')
    })

    it("shows each demo director's address, its proof, and who signs in", async () => {
      const reply = await as.call('business@nova.example', 'directorList')
      const directors = reply.body.directors as Representative[]
      expect(directors.map((d) => [d.firstName, d.isUser, d.addressDocumentStatus])).toEqual([
        ['Sam', true, 0],
        // Jordan has a login of his own but no access to the company yet.
        ['Jordan', false, 0],
      ])
      const [sam, jordan] = directors
      expect(sam?.addresses?.[0]).toMatchObject({
        address1: 'Pylimo g. 12-4',
        addressStatus: 0,
        isDocumentRequired: true,
        uploadedDocuments: [],
      })
      expect(jordan?.customerId).toBe(await customerIdOf(server, 'director@nova.example'))
      expect(jordan?.addresses?.map((a) => a.countryCode)).toEqual(['LV'])
      // Kestrel Media's director has proved her address: nothing to do.
      const studio = await as.call('business-kyc@nova.example', 'directorList')
      const [nina] = studio.body.directors as Representative[]
      expect(nina).toMatchObject({ firstName: 'Nina', addressDocumentStatus: 1 })
      expect(nina?.addresses?.[0]).toMatchObject({
        addressStatus: 1,
        confirmed: true,
        isDocumentRequired: false,
        uploadedDocuments: [{ documentTypeId: 11, statusId: 2, categoryId: 2 }],
      })
    })

    it('answers ENOA for a personal customer, who has no directors', async () => {
      const reply = await as.call('demo@nova.example', 'directorList')
      expect(reply.body.responseCode).toBe('ENOA')
    })
  })
}
