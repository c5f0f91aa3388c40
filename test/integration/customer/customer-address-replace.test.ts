// customerAddressReplace: a move. The old address leaves addressInquiry, the new one is
// unconfirmed; another customer's address is unknown; the same place again is refused; a
// failure inside the transaction leaves the old address current.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { signedIn, type Customer } from './contact-calls.ts'

interface AddressView {
  addressId: number
  addressType: number
  address1: string
  addressStatus: number
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    const addressesOf = async (customer: Customer) =>
      (await customer.call('addressInquiry')).body.addresses as AddressView[]
    const newHome = { address1: '10 Downing Street', city: 'London', countryCode: 'GB' }

    it('refuses the same place again, naming address.address1', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const [home] = await addressesOf(demo)
      const reply = await demo.call('customerAddressReplace', {
        oldAddressId: home!.addressId,
        address: {
          address1: '221b baker street',
          address2: 'Flat 2',
          city: 'London',
          postalCode: 'NW1 6XE',
          countryCode: 'GB',
        },
      })
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['address.address1'])
    })

    it('leaves the old address current when the new one cannot be stored', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const before = await addressesOf(demo)
      await server.db.execute(
        sql.raw(`create function test_refuse_address() returns trigger language plpgsql as $$
          begin raise exception 'refused by the address replace test'; end $$`),
      )
      await server.db.execute(
        sql.raw(`create trigger test_refuse_address before insert on customer_addresses
          for each row execute function test_refuse_address()`),
      )
      try {
        const reply = await demo.call('customerAddressReplace', {
          oldAddressId: before[0]!.addressId,
          address: newHome,
        })
        expect(reply.status).toBe(500)
      } finally {
        await server.db.execute(sql.raw('drop trigger test_refuse_address on customer_addresses'))
        await server.db.execute(sql.raw('drop function test_refuse_address()'))
      }
      expect(await addressesOf(demo)).toEqual(before)
    })

    it('replaces the home address: the old one leaves the list, the new one is unconfirmed', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const [home] = await addressesOf(demo)
      expect(home).toMatchObject({ addressType: 1, addressStatus: 1 })
      const reply = await demo.call('customerAddressReplace', {
        oldAddressId: home!.addressId,
        address: newHome,
      })
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect(reply.body.address).toMatchObject({
        addressType: 1,
        address1: '10 Downing Street',
        addressStatus: 0,
        confirmed: false,
        isDocumentRequired: true,
      })
      const after = await addressesOf(demo)
      expect(after).toEqual([reply.body.address])
      const again = await demo.call('customerAddressReplace', {
        oldAddressId: home!.addressId,
        address: { ...newHome, address1: '11 Downing Street' },
      })
      expect(failedParameters(again)).toEqual(['oldAddressId'])
    })

    it('keeps the old type unless another is asked for, one current address per type', async () => {
      const business = await signedIn(server, 'business@nova.example')
      const [office] = await addressesOf(business)
      expect(office?.addressType).toBe(2)
      const created = await business.call('customerAddressCreate', {
        addressType: 5,
        address1: 'Konstitucijos pr. 7',
        city: 'Vilnius',
        countryCode: 'LT',
      })
      expect(created.body.responseCode, created.text).toBe('00')
      const clash = await business.call('customerAddressReplace', {
        oldAddressId: office!.addressId,
        address: { ...newHome, addressType: 5 },
      })
      expect(failedParameters(clash)).toEqual(['address.addressType'])
      const moved = await business.call('customerAddressReplace', {
        oldAddressId: office!.addressId,
        address: { address1: 'Gedimino pr. 9', city: 'Vilnius', countryCode: 'LT' },
      })
      expect(moved.body.address, moved.text).toMatchObject({ addressType: 2, addressStatus: 0 })
    })

    it("refuses another customer's address as unknown and changes nothing", async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const [theirs] = await addressesOf(demo)
      const other = await signedIn(server, 'business@nova.example')
      const reply = await other.call('customerAddressReplace', {
        oldAddressId: theirs!.addressId,
        address: newHome,
      })
      expect(failedParameters(reply)).toEqual(['oldAddressId'])
      const unknown = await other.call('customerAddressReplace', {
        oldAddressId: 2_000_000_000,
        address: newHome,
      })
      expect(unknown.body).toEqual(reply.body)
      expect(await addressesOf(demo)).toEqual([theirs])
    })
  })
}
