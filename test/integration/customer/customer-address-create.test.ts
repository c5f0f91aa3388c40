// customerAddressCreate: a new address of a type the customer has none of, unconfirmed until
// it is proved and confirmed, read back through addressInquiry; dictionary and per-type rules
// answered VF naming the field (product-spec sections 3 and 4).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { signedIn } from './contact-calls.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    const office = {
      addressType: 5,
      address1: '  1 Canada   Square ',
      city: 'London',
      postalCode: 'e14 5ab',
      countryCode: 'GB',
      addressStatus: 1,
    }

    it('adds an unconfirmed address, tidied, that addressInquiry lists', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      expect((await demo.profile()).status.requiredActionCount).toBe(0)
      const reply = await demo.call('customerAddressCreate', office)
      expect(reply.body.responseCode, reply.text).toBe('00')
      const want = {
        addressType: 5,
        address1: '1 Canada Square',
        city: 'London',
        postalCode: 'E14 5AB',
        countryCode: 'GB',
        addressStatus: 0,
        confirmed: false,
        uploadedDocuments: [],
        isDocumentRequired: true,
      }
      expect(reply.body.address).toMatchObject(want)
      const listed = await demo.call('addressInquiry', { addressType: 5 })
      expect(listed.body.addresses).toEqual([reply.body.address])
      // An address waiting for its proof is something to do (section 4).
      expect((await demo.profile()).status.requiredActionCount).toBe(1)
    })

    it('fills in the state name from the states dictionary', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const reply = await demo.call('customerAddressCreate', {
        addressType: 2,
        address1: '1 Main Street',
        city: 'Austin',
        countryCode: 'US',
        stateCode: 'TX',
      })
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect(reply.body.address).toMatchObject({ stateCode: 'TX', stateName: 'Texas' })
    })

    const refused: [string, { given: Record<string, unknown>; want: string }][] = [
      [
        'a second current address of a type',
        { given: { ...office, addressType: 1 }, want: 'addressType' },
      ],
      [
        'a country of no dictionary',
        { given: { ...office, addressType: 3, countryCode: 'ZZ' }, want: 'countryCode' },
      ],
      [
        'a US address without its state',
        { given: { ...office, addressType: 3, countryCode: 'US' }, want: 'stateCode' },
      ],
      [
        'a state of another country',
        {
          given: { ...office, addressType: 3, countryCode: 'US', stateCode: 'ON' },
          want: 'stateCode',
        },
      ],
    ]
    it.each(refused)(
      'refuses %s with VF naming it and adds nothing',
      async (_name, { given, want }) => {
        const demo = await signedIn(server, 'demo@nova.example')
        const before = await demo.call('addressInquiry')
        const reply = await demo.call('customerAddressCreate', given)
        expect(reply.body.responseCode, reply.text).toBe('VF')
        expect(failedParameters(reply)).toEqual([want])
        expect((await demo.call('addressInquiry')).body.addresses).toEqual(before.body.addresses)
      },
    )

    it('refuses an address status other than the constant 1', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const reply = await demo.call('customerAddressCreate', { ...office, addressStatus: 2 })
      expect(failedParameters(reply)).toEqual(['addressStatus'])
    })
  })
}
