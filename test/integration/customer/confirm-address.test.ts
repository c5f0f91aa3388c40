// confirmAddress: the customer says an address is current. An address waiting for the customer
// goes to pending review once a proof of address is on file, and is refused without one; a
// confirmed address keeps its status; another customer's address is unknown (product-spec
// sections 4 and 8).
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  customerAddresses,
  customerDocuments,
  uploadedDocuments,
} from '../../../src/server/db/schema.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { signedIn, type Customer } from './contact-calls.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    async function newOffice(customer: Customer): Promise<number> {
      const reply = await customer.call('customerAddressCreate', {
        addressType: 5,
        address1: '1 Canada Square',
        city: 'London',
        countryCode: 'GB',
      })
      expect(reply.body.responseCode, reply.text).toBe('00')
      return (reply.body.address as { addressId: number }).addressId
    }

    /** A proof of address as the upload of the documents area files it: submitted (0). */
    async function proveAddress(customerId: number, addressId: number) {
      const [document] = await server.db
        .insert(customerDocuments)
        .values({ customerId, categoryId: 2, statusId: 41, addressId })
        .returning()
      await server.db.insert(uploadedDocuments).values({
        customerId,
        documentId: document!.id,
        documentTypeId: 11,
        statusId: 0,
        issuedDate: new Date().toISOString().slice(0, 10),
        createdUsername: 'demo@nova.example',
        fileName: 'bill.pdf',
        contentType: 'application/pdf',
        sizeBytes: 1000,
        uploadedAt: new Date(),
      })
    }

    it('refuses an address without a proof, naming addressId, and leaves it unconfirmed', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const addressId = await newOffice(demo)
      const reply = await demo.call('confirmAddress', { addressId })
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['addressId'])
      const [listed] = (await demo.call('addressInquiry', { addressType: 5 })).body.addresses as {
        addressStatus: number
      }[]
      expect(listed?.addressStatus).toBe(0)
    })

    it('moves a proved address to pending review and records the confirmation', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const [office] = (await demo.call('addressInquiry', { addressType: 5 })).body.addresses as {
        addressId: number
      }[]
      const [row] = await server.db
        .select()
        .from(customerAddresses)
        .where(eq(customerAddresses.id, office!.addressId))
      await proveAddress(row!.customerId, office!.addressId)
      const before = await demo.profile()
      const reply = await demo.call('confirmAddress', { addressId: office!.addressId })
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect(reply.body.address).toMatchObject({
        addressId: office!.addressId,
        addressStatus: 2,
        confirmed: false,
        isDocumentRequired: false,
      })
      const after = await demo.profile()
      expect(after.status.requiredActionCount).toBe(before.status.requiredActionCount - 1)
      const [stored] = await server.db
        .select()
        .from(customerAddresses)
        .where(eq(customerAddresses.id, office!.addressId))
      expect(stored?.confirmedByCustomerAt).toBeInstanceOf(Date)
    })

    it('keeps a confirmed address confirmed', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const [home] = (await demo.call('addressInquiry', { addressType: 1 })).body.addresses as {
        addressId: number
      }[]
      const reply = await demo.call('confirmAddress', { addressId: home!.addressId })
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect(reply.body.address).toMatchObject({ addressStatus: 1, confirmed: true })
    })

    it("refuses another customer's address as unknown", async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const [home] = (await demo.call('addressInquiry', { addressType: 1 })).body.addresses as {
        addressId: number
      }[]
      const other = await signedIn(server, 'business@nova.example')
      const reply = await other.call('confirmAddress', { addressId: home!.addressId })
      expect(failedParameters(reply)).toEqual(['addressId'])
      const unknown = await other.call('confirmAddress', { addressId: 2_000_000_000 })
      expect(unknown.body).toEqual(reply.body)
    })
  })
}
