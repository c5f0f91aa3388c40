// businessUserList: the representatives who sign in for the business, with positions and
// rights (product-spec sections 2 and 6); full rights only (x-access rights:2).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseTargets, startServer, type TestServer } from '../server-harness.ts'
import {
  caller,
  customerIdOf,
  ownerPassword,
  registerBusiness,
  userIdOf,
  type Representative,
} from './business-fixtures.ts'

const users = (reply: { body: Record<string, unknown> }) =>
  (reply.body.users as Representative[]).map((user) => [
    user.firstName,
    user.accessRights,
    user.positionIds,
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

    it("lists a registration's users with the rights it gave", async () => {
      const emails: [string, string] = ['olivia@users.example', 'rosa@users.example']
      await registerBusiness(server, emails)
      await as.tokenOf(emails[0], ownerPassword)
      const reply = await as.call(emails[0], 'businessUserList')
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect(users(reply)).toEqual([
        ['Olivia', 2, [2, 6, 8]],
        ['Rosa', 1, []],
      ])
      expect((reply.body.users as Representative[]).every((user) => user.isUser)).toBe(true)
    })

    it('shows a director once company access gives him a right', async () => {
      expect(users(await as.call('business@nova.example', 'businessUserList'))).toEqual([
        ['Sam', 2, [2, 6, 8]],
        ['Casey', 1, []],
        ['Riley', 3, []],
        ['Avery', 4, []],
      ])
      const added = await as.call('business@nova.example', 'businessAccessRepresentativeAdd', {
        id: await userIdOf(server, 'director@nova.example'),
        accessRights: 4,
      })
      expect(added.body.responseCode, added.text).toBe('00')
      const after = users(await as.call('business@nova.example', 'businessUserList'))
      expect(after).toContainEqual(['Jordan', 4, [2]])
    })

    it('refuses a user with read rights on the company with 13', async () => {
      const reply = await as.call('employee@nova.example', 'businessUserList', {
        fromCustomerId: await customerIdOf(server, 'business@nova.example'),
      })
      expect(reply.body.responseCode).toBe('13')
    })
  })
}
