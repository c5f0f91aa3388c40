// ultimateOwnerList: the persons registered as ultimate beneficial owners (position 8) and
// every person holding more than 25 % through every level, with their effective share
// (product-spec sections 3, 5 and 9; docs/decisions.md, "Company operations").
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseTargets, startServer, type TestServer } from '../server-harness.ts'
import {
  caller,
  ownerPassword,
  registerBusiness,
  type Representative,
} from './business-fixtures.ts'

const owners = (reply: { body: Record<string, unknown> }) =>
  (reply.body.ultimateBeneficiaryOwners as Representative[]).map((owner) => [
    `${owner.firstName} ${owner.lastName}`,
    owner.effectiveShare,
    owner.positionIds,
  ])

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

    it('adds a person owning 70 % of a 40 % shareholder as a 28 % owner, listed or not', async () => {
      const emails: [string, string] = ['olivia@owners.example', 'rosa@owners.example']
      await registerBusiness(server, emails)
      await as.tokenOf(emails[0], ownerPassword)
      const reply = await as.call(emails[0], 'ultimateOwnerList')
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect(owners(reply)).toEqual([
        ['Olivia Owner', 60, [2, 6, 8]],
        // Not listed by the registration; 28 % through Holding Ltd makes him one.
        ['Hugo Holder', 28, [8]],
        // Rosa holds 12 %: no ultimate owner.
      ])
    })

    it("lists the demo business's owners: Sam directly, Jordan through Baltic Holdings", async () => {
      const reply = await as.call('business@nova.example', 'ultimateOwnerList')
      expect(owners(reply)).toEqual([
        ['Sam Taylor', 55, [2, 6, 8]],
        ['Jordan Lee', 27, [2, 8]],
      ])
    })

    it('answers an empty list for a business without a registered tree', async () => {
      const reply = await as.call('retail@nova.example', 'ultimateOwnerList')
      expect(reply.body).toMatchObject({ responseCode: '00', ultimateBeneficiaryOwners: [] })
    })
  })
}
