// businessAddressConfirm: the business confirms one of its own addresses on a current proof of
// address: confirmed on a confirmed proof; any other address, or one without such a proof, is
// VF naming addressId and changes nothing (docs/decisions.md, "Company operations").
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../../src/generated/api.d.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { caller, customerIdOf, type Representative } from './business-fixtures.ts'

type CompanyInfo = components['schemas']['CompanyInfo']
type Address = components['schemas']['Address']

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

    const studio = 'business-kyc@nova.example'
    const addresses = async (username: string) => {
      const reply = await as.call(username, 'businessInfoGet')
      return (reply.body.companyInfo as CompanyInfo).addresses ?? []
    }
    const addressOf = async (address1: string, username = 'business@nova.example') => {
      const found = (await addresses(username)).find((a) => a.address1 === address1)
      if (!found) throw new Error(`no address ${address1}`)
      return found
    }
    const confirm = (
      addressId: number | undefined,
      username = 'business@nova.example',
      body = {},
    ) => as.call(username, 'businessAddressConfirm', { addressId, ...body })

    it('confirms the place of business on its confirmed lease, as the company then reads it', async () => {
      const office = await addressOf('Makariou III 45', studio)
      expect(office).toMatchObject({
        addressStatus: 0,
        confirmed: false,
        isDocumentRequired: false,
      })
      const reply = await confirm(office.addressId, studio)
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect(reply.body.address).toMatchObject({
        addressId: office.addressId,
        addressStatus: 1,
        confirmed: true,
      })
      expect(await addressOf('Makariou III 45', studio)).toMatchObject({ addressStatus: 1 })
    })

    it('refuses an address whose only proof is under investigation, changing nothing', async () => {
      const registered = await addressOf('Gedimino pr. 1')
      const reply = await confirm(registered.addressId)
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['addressId'])
      expect(reply.body.errors?.[0]?.description).toContain('no current proof of address')
      expect(await addressOf('Gedimino pr. 1')).toEqual(registered)
    })

    it("refuses a representative's address and another customer's as not the company's", async () => {
      const directors = (await as.call('business@nova.example', 'directorList')).body
        .directors as Representative[]
      const samHome = directors[0]?.addresses?.[0] as Address
      const demoHome = (await as.call('demo@nova.example', 'addressInquiry')).body
        .addresses as Address[]
      for (const addressId of [samHome.addressId, demoHome[0]?.addressId]) {
        const reply = await confirm(addressId)
        expect(failedParameters(reply), reply.text).toEqual(['addressId'])
        expect(reply.body.errors?.[0]?.description).toBe('is not an address of this company')
      }
    })

    it('refuses a user with read rights with 13', async () => {
      const registered = await addressOf('Gedimino pr. 1')
      const reply = await confirm(registered.addressId, 'employee@nova.example', {
        fromCustomerId: await customerIdOf(server, 'business@nova.example'),
      })
      expect(reply.body.responseCode).toBe('13')
    })
  })
}
