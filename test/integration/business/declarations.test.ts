// The statements a business signs, each a Get and a Send operation (product-spec section 7,
// Business and other): resolutionGet/Send, studioDeclarationGet/Send,
// streamingPlatformDeclarationGet/Send and prohibitedEscortStatementGet/Send. Each is kept
// with who signed it, who sent it and when, the newest in force; a business not asked for a
// statement is refused (ENOA) and a user with read rights may read but not sign (13).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { desc, eq, sql } from 'drizzle-orm'
import type { components } from '../../../src/generated/api.d.ts'
import { businessDeclarations } from '../../../src/server/db/schema-business.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { caller, customerIdOf, userIdOf } from './business-fixtures.ts'

type Declaration = components['schemas']['BusinessDeclaration']

const studio = 'business-kyc@nova.example'
const trading = 'business@nova.example'
const platforms = [{ name: 'CamStage', url: 'https://camstage.example' }, { name: 'Night Owl' }]

/** Each statement: its operations, and what its Send needs beyond the signature. */
const statements = [
  ['resolution', 'resolutionGet', 'resolutionSend', {}],
  ['studio', 'studioDeclarationGet', 'studioDeclarationSend', {}],
  [
    'streamingPlatform',
    'streamingPlatformDeclarationGet',
    'streamingPlatformDeclarationSend',
    { platforms },
  ],
  ['prohibitedEscort', 'prohibitedEscortStatementGet', 'prohibitedEscortStatementSend', {}],
] as const

const signature = { signerName: 'Nina Hart', signerPosition: 'Director', accepted: true }

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

    const declarationOf = (reply: { body: Record<string, unknown> }) =>
      reply.body.declaration as Declaration

    describe.each(statements)('%s', (kind, get, send, extra) => {
      it('is signed by a full user of a webcam studio, kept with who and when, then read back', async () => {
        const before = declarationOf(await as.call(studio, get))
        if (kind !== 'streamingPlatform') {
          expect(before).toEqual({
            text: expect.stringContaining('Kestrel Media Ltd'),
            isSigned: false,
          })
        }
        const reply = await as.call(studio, send, { ...signature, ...extra })
        expect(reply.body.responseCode, reply.text).toBe('00')
        const signed = declarationOf(reply)
        expect(signed).toMatchObject({
          isSigned: true,
          signerName: 'Nina Hart',
          signerPosition: 'Director',
          text: expect.stringContaining('Nova Wallet Ltd'),
        })
        expect(Date.now() - Date.parse(signed.signedAt ?? '')).toBeLessThan(60_000)
        expect(declarationOf(await as.call(studio, get))).toEqual(signed)
        const [row] = await server.db
          .select()
          .from(businessDeclarations)
          .where(eq(businessDeclarations.kind, kind))
          .orderBy(desc(businessDeclarations.id))
        expect(row).toMatchObject({
          companyCustomerId: await customerIdOf(server, studio),
          signedByUserId: await userIdOf(server, studio),
        })
      })

      it('may be read by a user with read rights but not signed (13)', async () => {
        await server.db.execute(
          sql.raw(`insert into company_users (company_customer_id, user_id, access_right)
            select c.customer_id, e.id, 1 from users c, users e
            where c.username = '${studio}' and e.username = 'demo@nova.example'
            on conflict do nothing`),
        )
        const fromCustomerId = await customerIdOf(server, studio)
        const read = await as.call('demo@nova.example', get, { fromCustomerId })
        expect(read.body.responseCode, read.text).toBe('00')
        const sign = await as.call('demo@nova.example', send, {
          ...signature,
          ...extra,
          fromCustomerId,
        })
        expect(sign.body.responseCode).toBe('13')
      })

      it('refuses an unaccepted statement and an empty position, naming the field', async () => {
        const refused = await as.call(studio, send, { ...signature, ...extra, accepted: false })
        expect(failedParameters(refused)).toEqual(['accepted'])
        const blank = await as.call(studio, send, { ...signature, ...extra, signerPosition: '  ' })
        expect(failedParameters(blank)).toEqual(['signerPosition'])
      })
    })

    it.each(statements.slice(1))(
      'refuses the %s statement of a business that is not asked for it (ENOA)',
      async (_kind, get, send, extra) => {
        expect((await as.call(trading, get)).body.responseCode).toBe('ENOA')
        const reply = await as.call(trading, send, { ...signature, ...extra })
        expect(reply.body.responseCode).toBe('ENOA')
        expect((await as.call(trading, get)).body.responseCode).toBe('ENOA')
      },
    )

    it("shows the demo trading company's signed resolution, and a newer signature replaces it", async () => {
      const signed = declarationOf(await as.call(trading, 'resolutionGet'))
      expect(signed).toMatchObject({ isSigned: true, signerName: 'Sam Taylor' })
      const again = await as.call(trading, 'resolutionSend', {
        signerName: 'Jordan Lee',
        accepted: true,
      })
      expect(again.body.responseCode, again.text).toBe('00')
      const now = declarationOf(await as.call(trading, 'resolutionGet'))
      expect(now).toMatchObject({ isSigned: true, signerName: 'Jordan Lee' })
      expect(now).not.toHaveProperty('signerPosition')
    })

    it('shows the platforms declared, names trimmed, and refuses one named twice or a non-web link', async () => {
      const sent = await as.call(studio, 'streamingPlatformDeclarationSend', {
        ...signature,
        platforms: [
          { name: ' LiveHall ', url: 'https://livehall.example/studio' },
          { name: 'Night Owl' },
        ],
      })
      expect(sent.body.responseCode, sent.text).toBe('00')
      const declared = declarationOf(await as.call(studio, 'streamingPlatformDeclarationGet'))
      expect(declared.platforms).toEqual([
        { name: 'LiveHall', url: 'https://livehall.example/studio' },
        { name: 'Night Owl' },
      ])
      const twice = await as.call(studio, 'streamingPlatformDeclarationSend', {
        ...signature,
        platforms: [{ name: 'CamStage' }, { name: ' camstage ' }],
      })
      expect(failedParameters(twice)).toEqual(['platforms.1.name'])
      const script = await as.call(studio, 'streamingPlatformDeclarationSend', {
        ...signature,
        platforms: [{ name: 'Evil', url: 'javascript:alert(1)' }],
      })
      expect(failedParameters(script)).toEqual(['platforms.0.url'])
      expect(declarationOf(await as.call(studio, 'streamingPlatformDeclarationGet'))).toEqual(
        declared,
      )
    })

    it('answers ENOA to a personal customer', async () => {
      expect((await as.call('demo@nova.example', 'resolutionGet')).body.responseCode).toBe('ENOA')
    })
  })
}
