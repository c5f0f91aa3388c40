// customerTaxNumberUpdate: the acting customer's tax id, tidied and shown by profileInquiry and
// getCustomerInfo; for a business with positionId, the signed-in user's own representative
// record in that position; a position the user does not hold, or positionId for a personal
// customer, is VF naming positionId.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customers, users } from '../../../src/server/db/schema.ts'
import { businessRepresentatives } from '../../../src/server/db/schema-business.ts'
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

    it("sets a personal customer's tax id, tidied, as the profile shows it", async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const reply = await demo.call('customerTaxNumberUpdate', { taxId: 'ab 123  456 c' })
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect((await demo.profile()).taxId).toBe('AB 123 456 C')
      const info = await demo.call('getCustomerInfo')
      expect(info.body.customer?.taxId).toBe('AB 123 456 C')
    })

    it('refuses positionId for a personal customer', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const reply = await demo.call('customerTaxNumberUpdate', { taxId: 'X1', positionId: 2 })
      expect(failedParameters(reply)).toEqual(['positionId'])
      expect((await demo.profile()).taxId).toBe('AB 123 456 C')
    })

    it("sets a business's own tax id without positionId", async () => {
      const business = await signedIn(server, 'business@nova.example')
      const reply = await business.call('customerTaxNumberUpdate', { taxId: 'LT100001234567' })
      expect(reply.body.responseCode, reply.text).toBe('00')
      const info = await business.call('getCustomerInfo')
      expect(info.body.customer?.taxId).toBe('LT100001234567')
    })

    it("sets the signed-in representative's own tax id by position, and only theirs", async () => {
      const [user] = await server.db
        .select()
        .from(users)
        .where(eq(users.username, 'business@nova.example'))
      const company = user!.customerId
      // The demo makes the user Sam Taylor, director, shareholder and owner; here the user is
      // Rita, director only, so that a position the user does not hold can be asked for.
      await server.db
        .update(businessRepresentatives)
        .set({ userId: null })
        .where(
          and(
            eq(businessRepresentatives.companyCustomerId, company),
            eq(businessRepresentatives.userId, user!.id),
          ),
        )
      const [mine] = await server.db
        .insert(businessRepresentatives)
        .values({ companyCustomerId: company, type: 1, firstName: 'Rita', positionIds: [2, 9] })
        .returning()
      await server.db
        .update(businessRepresentatives)
        .set({ userId: user!.id })
        .where(eq(businessRepresentatives.id, mine!.id))
      const [someoneElse] = await server.db
        .insert(businessRepresentatives)
        .values({ companyCustomerId: company, type: 1, firstName: 'Olaf', positionIds: [8] })
        .returning()
      const business = await signedIn(server, 'business@nova.example')
      const reply = await business.call('customerTaxNumberUpdate', {
        taxId: '38001010000',
        positionId: 6,
      })
      expect(reply.body.responseCode, reply.text).toBe('00')
      const taxIdOf = async (id: number) =>
        (
          await server.db
            .select()
            .from(businessRepresentatives)
            .where(and(eq(businessRepresentatives.id, id)))
        )[0]?.taxId
      expect(await taxIdOf(mine!.id)).toBe('38001010000')
      const notHeld = await business.call('customerTaxNumberUpdate', {
        taxId: '99999999999',
        positionId: 8,
      })
      expect(failedParameters(notHeld)).toEqual(['positionId'])
      expect(await taxIdOf(someoneElse!.id)).toBeNull()
      const [company_] = await server.db.select().from(customers).where(eq(customers.id, company))
      expect(company_?.taxId).toBe('LT100001234567')
    })

    it('refuses a tax id with characters outside the pattern, naming taxId', async () => {
      const demo = await signedIn(server, 'demo@nova.example')
      const reply = await demo.call('customerTaxNumberUpdate', { taxId: '<script>' })
      expect(failedParameters(reply)).toEqual(['taxId'])
    })
  })
}
