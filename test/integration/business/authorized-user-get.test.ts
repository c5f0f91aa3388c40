// authorizedUserGet: every login that may act for the acting business with its right,
// positions and activation, or one of them; a user of no business of the caller's is VF.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../../src/generated/api.d.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { caller, customerIdOf, userIdOf } from './business-fixtures.ts'

type AuthorizedUser = components['schemas']['AuthorizedUser']

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

    it("lists the company's own sign-in first, then its users with rights and activation", async () => {
      const reply = await as.call('business@nova.example', 'authorizedUserGet')
      expect(reply.body.responseCode, reply.text).toBe('00')
      const list = reply.body.authorizedUsers as AuthorizedUser[]
      const company = await customerIdOf(server, 'business@nova.example')
      expect(list.map((u) => [u.email, u.accessRights, u.positionIds, u.isActivated])).toEqual([
        ['business@nova.example', 2, [2, 6, 8], true],
        ['employee@nova.example', 1, [], true],
        ['initiator@nova.example', 3, [], true],
        ['approver@nova.example', 4, [], true],
      ])
      expect(
        list.every((u) => u.customerId === company && u.businessName === 'Northwind Trading Ltd'),
      ).toBe(true)
      expect(list[0]).toMatchObject({ firstName: 'Sam', lastName: 'Taylor' })
      expect(list[0]).not.toHaveProperty('activationSentAt')
    })

    it('shows when the link went to a user who has not activated yet', async () => {
      const reply = await as.call('business-kyc@nova.example', 'authorizedUserGet')
      const list = reply.body.authorizedUsers as AuthorizedUser[]
      expect(list.map((u) => [u.email, u.accessRights, u.isActivated])).toEqual([
        ['business-kyc@nova.example', 2, true],
        ['invited@nova.example', 3, false],
      ])
      expect(list[1]).toMatchObject({ firstName: 'Dana', lastName: 'Vale', positionIds: [] })
      // The invitation went out: the time it was sent shows until the user activates.
      expect(Date.parse(list[1]?.activationSentAt ?? '')).toBeGreaterThan(Date.now() - 3_600_000)
    })

    it('answers one user by id', async () => {
      const userId = await userIdOf(server, 'employee@nova.example')
      const reply = await as.call('business@nova.example', 'authorizedUserGet', { userId })
      expect(reply.body.authorizedUsers).toEqual([
        expect.objectContaining({ userId, firstName: 'Casey', lastName: 'Park', accessRights: 1 }),
      ])
    })

    it('refuses the id of a user of another customer as not one of its users', async () => {
      const userId = await userIdOf(server, 'demo@nova.example')
      const reply = await as.call('business@nova.example', 'authorizedUserGet', { userId })
      expect(failedParameters(reply)).toEqual(['userId'])
      expect(reply.body.errors?.[0]?.description).toBe('is not a user of this company')
    })

    it('refuses a user with read rights with 13', async () => {
      const reply = await as.call('employee@nova.example', 'authorizedUserGet', {
        fromCustomerId: await customerIdOf(server, 'business@nova.example'),
      })
      expect(reply.body.responseCode).toBe('13')
    })
  })
}
