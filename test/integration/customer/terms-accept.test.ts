// Pending legal terms: getCustomerInfo answers TE with them, every other service waits until
// termsAccept records them (product-spec section 8; docs/decisions.md, Post-login routing data).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { customers, users } from '../../../src/server/db/schema.ts'
import {
  customerBrands,
  legalTerms,
  termsAcceptances,
} from '../../../src/server/db/schema-terms.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'

const pendingUser = 'terms@nova.example'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    const termIdOf = async (brandId: string, key: string, version: number) => {
      const [term] = await server.db
        .select()
        .from(legalTerms)
        .where(
          and(
            eq(legalTerms.brandId, brandId),
            eq(legalTerms.key, key),
            eq(legalTerms.version, version),
          ),
        )
      if (!term) throw new Error(`no ${brandId} ${key} v${version}`)
      return term.id
    }
    const userOf = async (username: string) => {
      const [user] = await server.db.select().from(users).where(eq(users.username, username))
      if (!user) throw new Error(`no demo user ${username}`)
      return user
    }

    describe('a customer signed up before the terms changed', () => {
      let token: string
      let termsOfUse: number
      let privacy: number
      beforeAll(async () => {
        token = (await server.signIn(pendingUser)).accessToken
        termsOfUse = await termIdOf('main', 'termsOfUse', 2)
        privacy = await termIdOf('main', 'privacyPolicy', 2)
      })

      it('gets TE from getCustomerInfo with the pending terms, not accepted yet', async () => {
        const reply = await server.post('/rpc/getCustomerInfo', {}, token)
        expect(reply.status).toBe(200)
        expect(reply.body.responseCode).toBe('TE')
        expect(reply.body).not.toHaveProperty('customer')
        expect(reply.body.terms).toEqual([
          {
            id: privacy,
            key: 'privacyPolicy',
            label: 'Privacy Policy (updated)',
            text: 'I have read and accept the Nova Wallet Privacy Policy (updated)',
            url: 'https://wallet.nova.example/legal/privacy?version=2',
            value: false,
          },
          expect.objectContaining({ id: termsOfUse, key: 'termsOfUse', value: false }),
        ])
      })

      it('is refused every other service with TE until then, but keeps the token service', async () => {
        for (const path of ['/rpc/profileInquiry', '/rpc/customerAccessListGet']) {
          const reply = await server.post(path, {}, token)
          expect(reply.body.responseCode, path).toBe('TE')
        }
        // The token service manages the sign-in itself: it stays open.
        const devices = await fetch(`${server.baseUrl}/auth/devices`, {
          headers: { authorization: `Bearer ${token}` },
        })
        expect(devices.status).toBe(200)
        const other = await server.signIn(pendingUser)
        const logout = await server.post(
          '/auth/logout',
          { refreshToken: other.refreshToken },
          other.accessToken,
        )
        expect(logout.status, logout.text).toBeLessThan(300)
      })

      it.each([
        ['an id nobody published', () => 999_999],
        ['a version an update replaced', () => termIdOf('main', 'termsOfUse', 1)],
        ["another brand's terms", () => termIdOf('bank', 'termsOfUse', 1)],
      ])('refuses %s with VF termIds and records nothing', async (_name, idOf) => {
        const [bank] = await server.db
          .select()
          .from(legalTerms)
          .where(eq(legalTerms.brandId, 'bank'))
        if (!bank) {
          await server.db.insert(legalTerms).values({
            brandId: 'bank',
            key: 'termsOfUse',
            version: 1,
            label: 'Terms of Use',
            effectiveFrom: new Date(Date.now() - 1000),
          })
        }
        const unknown = await idOf()
        const reply = await server.post(
          '/rpc/termsAccept',
          { termIds: [termsOfUse, unknown] },
          token,
        )
        expect(reply.body.responseCode).toBe('VF')
        expect(failedParameters(reply)).toEqual(['termIds'])
        expect(reply.body.responseDescription).toContain(String(unknown))
        const user = await userOf(pendingUser)
        const recorded = await server.db
          .select()
          .from(termsAcceptances)
          .where(eq(termsAcceptances.customerId, user.customerId))
        expect(recorded).toEqual([])
      })

      it('records each acceptance and answers what is still pending', async () => {
        const first = await server.post('/rpc/termsAccept', { termIds: [termsOfUse] }, token)
        expect(first.body.responseCode).toBe('00')
        expect((first.body.terms as { id: number }[]).map((term) => term.id)).toEqual([privacy])
        expect((await server.post('/rpc/profileInquiry', {}, token)).body.responseCode).toBe('TE')

        const second = await server.post('/rpc/termsAccept', { termIds: [privacy] }, token)
        expect(second.body).toMatchObject({ responseCode: '00', terms: [] })
        const user = await userOf(pendingUser)
        const recorded = await server.db
          .select()
          .from(termsAcceptances)
          .where(eq(termsAcceptances.customerId, user.customerId))
        expect(recorded.map((row) => [row.termId, row.userId])).toEqual(
          expect.arrayContaining([
            [termsOfUse, user.id],
            [privacy, user.id],
          ]),
        )
      })

      it('serves the customer once every term is accepted; accepting again changes nothing', async () => {
        const info = await server.post('/rpc/getCustomerInfo', {}, token)
        expect(info.body.responseCode).toBe('00')
        expect(info.body.customer?.login).toBe(pendingUser)
        expect((await server.post('/rpc/profileInquiry', {}, token)).body.responseCode).toBe('00')
        const again = await server.post('/rpc/termsAccept', { termIds: [privacy] }, token)
        expect(again.body).toMatchObject({ responseCode: '00', terms: [] })
      })
    })

    it('leaves customers who signed up under the current terms alone', async () => {
      const { accessToken } = await server.signIn('demo@nova.example')
      const reply = await server.post('/rpc/getCustomerInfo', {}, accessToken)
      expect(reply.body.responseCode).toBe('00')
    })

    describe('a new version published today', () => {
      let demoToken: string
      let newTermId: number
      beforeAll(async () => {
        demoToken = (await server.signIn('demo@nova.example')).accessToken
        const [term] = await server.db
          .insert(legalTerms)
          .values({
            brandId: 'main',
            key: 'termsOfUse',
            version: 3,
            label: 'Terms of Use (2026 update)',
            effectiveFrom: new Date(Date.now() - 1000),
          })
          .returning()
        newTermId = term!.id
      })

      it('is pending for every customer of the brand, without text or url when it has none', async () => {
        const reply = await server.post('/rpc/getCustomerInfo', {}, demoToken)
        expect(reply.body.responseCode).toBe('TE')
        expect(reply.body.terms).toEqual([
          { id: newTermId, key: 'termsOfUse', label: 'Terms of Use (2026 update)', value: false },
        ])
      })

      it("binds the user's own customer: an employee acting for a company is not held", async () => {
        const company = await userOf('business@nova.example')
        const employee = await userOf('employee@nova.example')
        // The employee accepts; the company has not.
        await server.db.insert(termsAcceptances).values({
          customerId: employee.customerId,
          termId: newTermId,
          userId: employee.id,
          ip: '127.0.0.1',
        })
        const { accessToken } = await server.signIn('employee@nova.example')
        const reply = await server.post(
          '/rpc/getCustomerInfo',
          { fromCustomerId: company.customerId },
          accessToken,
        )
        expect(reply.body.responseCode).toBe('00')
        expect(reply.body.customer?.customerId).toBe(company.customerId)
      })

      it("does not bind a customer of another brand, who gets that brand's terms", async () => {
        const director = await userOf('director@nova.example')
        await server.db.insert(customerBrands).values({
          customerId: director.customerId,
          brandId: 'uk',
        })
        const { accessToken } = await server.signIn('director@nova.example')
        expect((await server.post('/rpc/profileInquiry', {}, accessToken)).body.responseCode).toBe(
          '00',
        )
        await server.db
          .update(customers)
          .set({ createdAt: new Date(Date.now() - 10 * 86_400_000) })
          .where(eq(customers.id, director.customerId))
        const [ukTerm] = await server.db
          .insert(legalTerms)
          .values({
            brandId: 'uk',
            key: 'privacyPolicy',
            version: 1,
            label: 'Privacy Notice',
            url: 'https://uk.nova.example/privacy',
            effectiveFrom: new Date(Date.now() - 1000),
          })
          .returning()
        const reply = await server.post('/rpc/getCustomerInfo', {}, accessToken)
        expect(reply.body.responseCode).toBe('TE')
        expect((reply.body.terms as { id: number }[]).map((term) => term.id)).toEqual([ukTerm!.id])
      })

      it('does not hold back a version that takes effect later', async () => {
        // A customer from before today's version (seeding may be under a second old).
        const retail = await userOf('retail@nova.example')
        await server.db
          .update(customers)
          .set({ createdAt: new Date(Date.now() - 10 * 86_400_000) })
          .where(eq(customers.id, retail.customerId))
        const { accessToken } = await server.signIn('retail@nova.example')
        await server.db.insert(legalTerms).values({
          brandId: 'main',
          key: 'privacyPolicy',
          version: 3,
          label: 'Privacy Policy (next year)',
          effectiveFrom: new Date(Date.now() + 365 * 86_400_000),
        })
        const reply = await server.post('/rpc/getCustomerInfo', {}, accessToken)
        expect((reply.body.terms as { key: string }[]).map((term) => term.key)).toEqual([
          'termsOfUse',
        ])
      })
    })

    it('refuses termIds that are not a list of ids with VF', async () => {
      const { accessToken } = await server.signIn('admin@nova.example')
      for (const body of [{}, { termIds: [] }, { termIds: ['1'] }, { termIds: [1, 1] }]) {
        const reply = await server.post('/rpc/termsAccept', body, accessToken)
        expect(reply.body.responseCode, JSON.stringify(body)).toBe('VF')
        expect(failedParameters(reply)[0]).toMatch(/^termIds/)
      }
    })
  })
}
