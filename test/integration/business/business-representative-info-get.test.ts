// businessRepresentativeInfoGet: one representative of the acting business with positions,
// addresses, share and own shareholders; another business's representative is an unknown id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import {
  caller,
  ownerPassword,
  registerBusiness,
  type Representative,
} from './business-fixtures.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let as: ReturnType<typeof caller>
    const emails: [string, string] = ['olivia@info.example', 'rosa@info.example']
    let tree: Representative[]
    beforeAll(async () => {
      server = await startServer(target)
      as = caller(server)
      await registerBusiness(server, emails)
      await as.tokenOf(emails[0], ownerPassword)
      tree = (await as.call(emails[0], 'shareholderList')).body.shareholders as Representative[]
    })
    afterAll(async () => {
      await server?.close()
    })

    const info = (id: number | undefined, username = emails[0]) =>
      as.call(username, 'businessRepresentativeInfoGet', { id })

    it('describes a shareholder company with its own shareholders and its share', async () => {
      const holding = tree.find((node) => node.companyName === 'Holding Ltd')
      const reply = await info(holding?.id)
      expect(reply.body.responseCode, reply.text).toBe('00')
      const representative = reply.body.representative as Representative
      expect(representative).toMatchObject({
        id: holding?.id,
        type: 2,
        companyName: 'Holding Ltd',
        positionIds: [6],
        effectiveShare: 40,
        isUser: false,
        addresses: [{ addressType: 2, countryCode: 'PT' }],
      })
      expect(
        representative.shareholders?.map((s) => [s.firstName, s.share, s.effectiveShare]),
      ).toEqual([
        ['Hugo', 70, 28],
        ['Rosa', 30, 12],
      ])
    })

    it('describes a person deeper in the tree with the share held through it', async () => {
      const hugo = tree[1]?.shareholders?.find((node) => node.firstName === 'Hugo')
      const reply = await info(hugo?.id)
      expect(reply.body.representative).toMatchObject({
        firstName: 'Hugo',
        lastName: 'Holder',
        positionIds: [],
        effectiveShare: 28,
        sourceIds: [5],
      })
    })

    it("refuses another business's representative as it refuses an unknown id", async () => {
      const demoTree = (await as.call('business@nova.example', 'shareholderList')).body
        .shareholders as Representative[]
      for (const id of [demoTree[0]?.id, 2_000_000_000]) {
        const reply = await info(id)
        expect(reply.body.responseCode, reply.text).toBe('VF')
        expect(failedParameters(reply)).toEqual(['id'])
        expect(reply.body.errors?.[0]?.description).toBe('is not a representative of this company')
      }
    })
  })
}
