// addressDocumentTypes: the proofs of address for a country or the 'all' list, only with a
// session (product-spec section 3, and section 6: fetched only when authenticated).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import type { components } from '../../../src/generated/api.d.ts'

type DocumentType = components['schemas']['DocumentTypeRequirement']

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    beforeAll(async () => {
      server = await startServer(target)
      token = (await server.signIn('demo@nova.example')).accessToken
    })
    afterAll(async () => {
      await server?.close()
    })

    const ask = async (body: Record<string, unknown>) => {
      const reply = await server.post('/rpc/addressDocumentTypes', body, token)
      expect(reply.status).toBe(200)
      expect(reply.body.responseCode).toBe('00')
      const types = reply.body.addressDocumentTypes as DocumentType[]
      return { appliesTo: reply.body.appliesTo, names: types.map((type) => type.name), types }
    }

    it('gives the default list without a country', async () => {
      const { appliesTo, names, types } = await ask({})
      expect(appliesTo).toBe('all')
      expect(names).toEqual(expect.arrayContaining(['Utility bill', 'Bank statement']))
      expect(types.every((type) => type.categoryId === 2)).toBe(true)
      expect(types.some((type) => type.needsStampPage)).toBe(false)
    })

    const countries: [string, { appliesTo: string; has: string }][] = [
      ['RU', { appliesTo: 'RU', has: 'Internal passport' }],
      ['UA', { appliesTo: 'UA', has: 'Internal passport' }],
      ['GB', { appliesTo: 'GB', has: 'Council tax bill' }],
      ['FR', { appliesTo: 'all', has: 'Utility bill' }],
    ]
    it.each(countries)('gives %s its list', async (countryCode, { appliesTo, has }) => {
      const answer = await ask({ countryCode })
      expect(answer.appliesTo).toBe(appliesTo)
      expect(answer.names).toContain(has)
    })

    it('answers AU without a session', async () => {
      const reply = await server.post('/rpc/addressDocumentTypes', {})
      expect(reply.status).toBe(401)
      expect(reply.body.responseCode).toBe('AU')
      expect(reply.body.addressDocumentTypes).toBeUndefined()
    })

    const bad: [string, { given: Record<string, unknown>; want: string[] }][] = [
      ['a lower-case country', { given: { countryCode: 'ru' }, want: ['countryCode'] }],
      ['a code of no country', { given: { countryCode: 'ZZ' }, want: ['countryCode'] }],
      ['an unknown field', { given: { country: 'RU' }, want: ['country'] }],
    ]
    it.each(bad)('refuses %s with VF naming the field', async (_name, { given, want }) => {
      const reply = await server.post('/rpc/addressDocumentTypes', given, token)
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(want)
    })
  })
}
