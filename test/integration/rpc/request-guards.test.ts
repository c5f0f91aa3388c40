// The request guards cache (src/server/rpc/request-guards.ts; docs/decisions.md, "Request
// guards cache"): what a signed-in call checks of its customer and sign-in is kept in the
// process, and a change - a whitelist change, terms added or accepted, a logout - takes effect
// on the instance that made it and on another instance sharing the database (two apps over
// one database: the same PGlite in memory, or two pools on one PostgreSQL database). A change
// that lets calls through, and a logout on its own instance, hold on the very next request; one
// that refuses them holds when the trigger's notification arrives: on PGlite before the
// writing statement returns, so on the next request too, on PostgreSQL milliseconds later, so
// there the test asks again for up to two seconds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../../src/server/app.ts'
import { configFromEnv } from '../../../src/server/config.ts'
import { openDatabase, type Database, type Db } from '../../../src/server/db/open-database.ts'
import { users } from '../../../src/server/db/schema.ts'
import { ipWhitelistEntries, securitySettings } from '../../../src/server/db/schema-security.ts'
import { customerBrands, legalTerms } from '../../../src/server/db/schema-terms.ts'
import { databaseTargets, startServer, type TestServer } from '../server-harness.ts'

interface Instance {
  app: FastifyInstance
  baseUrl: string
  database?: Database
}

/** A second app over the first server's database, as a second instance would run. */
async function secondInstance(server: TestServer, kind: 'pglite' | 'postgres'): Promise<Instance> {
  let db: Db = server.db
  let database: Database | undefined
  if (kind === 'postgres') {
    const pool = (server.db as unknown as { $client: { options: { connectionString: string } } })
      .$client
    database = await openDatabase({ databaseUrl: pool.options.connectionString, dataDir: '' })
    db = database.db
  }
  const app = await buildApp(db, configFromEnv({ PORTAL_DIR: 'none-such', TRUST_PROXY: 'true' }))
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (address === null || typeof address === 'string') throw new Error('assertion: a TCP port')
  return { app, baseUrl: `http://127.0.0.1:${address.port}`, ...(database ? { database } : {}) }
}

/** A signed-in call from an address (the servers trust X-Forwarded-For here). */
async function call(
  baseUrl: string,
  operation: string,
  token: string,
  from: string,
  body: unknown = {},
): Promise<{ responseCode?: string; responseDescription?: string }> {
  const reply = await fetch(`${baseUrl}/rpc/${operation}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'x-forwarded-for': from,
    },
    body: JSON.stringify(body),
  })
  return (await reply.json()) as { responseCode?: string }
}

const office = '192.0.2.8'
const elsewhere = '192.0.2.77'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let other: Instance
    let customerId: number
    const balanceOn = (baseUrl: string, token: string, from = elsewhere) =>
      call(baseUrl, 'balanceInquiry', token, from).then((body) => body.responseCode)
    /**
     * A refusing change: at once on PGlite, when the notification arrives on PostgreSQL (within
     * milliseconds; the suite's 30 s deadline holds on a busy machine).
     */
    const refusedSoon = async (answer: () => Promise<string | undefined>, code: string) => {
      if (target.kind === 'pglite') expect(await answer()).toBe(code)
      else await expect.poll(answer, { timeout: 30_000, interval: 20 }).toBe(code)
    }

    beforeAll(async () => {
      server = await startServer(target, {}, { TRUST_PROXY: 'true' })
      other = await secondInstance(server, target.kind)
      const [user] = await server.db
        .select({ customerId: users.customerId })
        .from(users)
        .where(eq(users.username, 'demo@nova.example'))
      customerId = user!.customerId
    })
    afterAll(async () => {
      await other?.app.close()
      await other?.database?.close()
      await server?.close()
    })

    it('a whitelist turned on refuses calls from elsewhere on both instances, and off lets them in', async () => {
      const { accessToken } = await server.signIn('demo@nova.example')
      // Both instances have the customer's guards in memory before the change.
      expect(await balanceOn(server.baseUrl, accessToken)).toBe('00')
      expect(await balanceOn(other.baseUrl, accessToken)).toBe('00')

      const add = await call(server.baseUrl, 'ipAccessAdd', accessToken, office, { ip: office })
      expect(add.responseCode, add.responseDescription).toBe('00')
      const on = await call(server.baseUrl, 'ipAccessModeSet', accessToken, office, {
        enable: true,
      })
      expect(on.responseCode, on.responseDescription).toBe('00')

      await refusedSoon(() => balanceOn(server.baseUrl, accessToken), 'ENOA')
      await refusedSoon(() => balanceOn(other.baseUrl, accessToken), 'ENOA')
      expect(await balanceOn(other.baseUrl, accessToken, office)).toBe('00')

      // A change written by SQL, not by the API, is seen the same way (the triggers).
      await server.db
        .delete(ipWhitelistEntries)
        .where(
          and(eq(ipWhitelistEntries.customerId, customerId), eq(ipWhitelistEntries.ipFrom, office)),
        )
      await refusedSoon(() => balanceOn(other.baseUrl, accessToken, office), 'ENOA')
      await server.db
        .update(securitySettings)
        .set({ ipWhitelistEnabled: false })
        .where(eq(securitySettings.customerId, customerId))
      expect(await balanceOn(other.baseUrl, accessToken)).toBe('00')
      expect(await balanceOn(server.baseUrl, accessToken)).toBe('00')
    })

    it('a logout refuses the next call with its token, on both instances', async () => {
      const { accessToken, refreshToken } = await server.signIn('demo@nova.example')
      const kept = await server.signIn('demo@nova.example')
      expect(await balanceOn(server.baseUrl, accessToken)).toBe('00')
      expect(await balanceOn(other.baseUrl, accessToken)).toBe('00')

      const logout = await server.post('/auth/logout', { refreshToken }, accessToken)
      expect(logout.status, logout.text).toBeLessThan(300)

      expect(await balanceOn(server.baseUrl, accessToken)).toBe('AU')
      await refusedSoon(() => balanceOn(other.baseUrl, accessToken), 'AU')
      // Another sign-in of the same user goes on.
      expect(await balanceOn(other.baseUrl, kept.accessToken)).toBe('00')
    })

    it('terms added refuse calls with TE on both instances until accepted', async () => {
      const { accessToken } = await server.signIn('demo@nova.example')
      expect(await balanceOn(server.baseUrl, accessToken)).toBe('00')
      expect(await balanceOn(other.baseUrl, accessToken)).toBe('00')

      const [brand] = await server.db
        .select({ brandId: customerBrands.brandId })
        .from(customerBrands)
        .where(eq(customerBrands.customerId, customerId))
      const [term] = await server.db
        .insert(legalTerms)
        .values({
          brandId: brand?.brandId ?? 'main',
          key: 'requestGuardsNotice',
          version: 1,
          label: 'Request guards notice',
          effectiveFrom: new Date(Date.now() - 1000),
        })
        .returning({ id: legalTerms.id })

      await refusedSoon(() => balanceOn(server.baseUrl, accessToken), 'TE')
      await refusedSoon(() => balanceOn(other.baseUrl, accessToken), 'TE')

      const accepted = await call(server.baseUrl, 'termsAccept', accessToken, elsewhere, {
        termIds: [term!.id],
      })
      expect(accepted.responseCode, accepted.responseDescription).toBe('00')
      expect(await balanceOn(other.baseUrl, accessToken)).toBe('00')
      expect(await balanceOn(server.baseUrl, accessToken)).toBe('00')
    })

    it('terms stored ahead of their date refuse calls from the moment they take effect', async () => {
      const { accessToken } = await server.signIn('demo@nova.example')
      const [brand] = await server.db
        .select({ brandId: customerBrands.brandId })
        .from(customerBrands)
        .where(eq(customerBrands.customerId, customerId))
      const effectiveFrom = new Date(Date.now() + 1500)
      await server.db.insert(legalTerms).values({
        brandId: brand?.brandId ?? 'main',
        key: 'requestGuardsNotice',
        version: 2,
        label: 'Request guards notice',
        effectiveFrom,
      })
      expect(await balanceOn(other.baseUrl, accessToken)).toBe('00')
      await expect
        .poll(() => balanceOn(other.baseUrl, accessToken), { timeout: 30_000, interval: 100 })
        .toBe('TE')
      expect(Date.now()).toBeGreaterThanOrEqual(effectiveFrom.getTime())
    })
  })
}
