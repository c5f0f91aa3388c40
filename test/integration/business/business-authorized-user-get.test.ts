// businessAuthorizedUserGet: the user's authorized-user record on the business and its old-web
// address, what post-login routing step 3 sends to the old web (product-spec section 2).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { users } from '../../../src/server/db/schema.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    const userOf = async (username: string) => {
      const [user] = await server.db.select().from(users).where(eq(users.username, username))
      if (!user) throw new Error(`no demo user ${username}`)
      return user
    }
    const authorizedUserOf = async (username: string, body: Record<string, unknown> = {}) => {
      const { accessToken } = await server.signIn(username)
      const reply = await server.post('/rpc/businessAuthorizedUserGet', body, accessToken)
      expect(reply.status).toBe(200)
      return reply
    }

    it('gives a business on the old web its own record and the old-web address', async () => {
      const reply = await authorizedUserOf('no-related@nova.example')
      const user = await userOf('no-related@nova.example')
      expect(reply.body).toMatchObject({
        responseCode: '00',
        oldWebUrl: 'https://old.wallet.nova.example/login',
        authorizedUser: {
          userId: user.id,
          customerId: user.customerId,
          businessName: 'Old Harbour Supplies Ltd',
          email: 'no-related@nova.example',
          firstName: 'Pat',
          lastName: 'Quill',
          accessRights: 2,
          positionIds: [],
        },
      })
    })

    it("describes an employee on the company acted for, with the employee's right", async () => {
      const company = await userOf('business@nova.example')
      const employee = await userOf('employee@nova.example')
      const reply = await authorizedUserOf('employee@nova.example', {
        fromCustomerId: company.customerId,
      })
      expect(reply.body.authorizedUser).toMatchObject({
        userId: employee.id,
        customerId: company.customerId,
        email: 'employee@nova.example',
        firstName: 'Casey',
        accessRights: 1,
      })
      // Northwind keeps its accounts here: it has no old-web address.
      expect(reply.body).not.toHaveProperty('oldWebUrl')
    })

    it('names the positions the user holds in the company', async () => {
      const retail = await userOf('retail@nova.example')
      const reply = await authorizedUserOf('group@nova.example', {
        fromCustomerId: retail.customerId,
      })
      expect(reply.body.authorizedUser).toMatchObject({ accessRights: 2, positionIds: [2] })
    })

    it('refuses a personal customer acting for itself with 13', async () => {
      const reply = await authorizedUserOf('demo@nova.example')
      expect(reply.body.responseCode).toBe('13')
    })

    it('refuses unknown fields with VF naming them', async () => {
      const reply = await authorizedUserOf('no-related@nova.example', { extra: true })
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['extra'])
    })
  })
}
