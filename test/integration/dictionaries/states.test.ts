// states: the states, provinces or territories of a country (product-spec section 7,
// Dictionaries: states by countryCode).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'

interface State {
  code: string
  name: string
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    const cases: [string, { count: number; has: State }][] = [
      ['US', { count: 51, has: { code: 'CA', name: 'California' } }],
      ['CA', { count: 13, has: { code: 'ON', name: 'Ontario' } }],
      ['AU', { count: 8, has: { code: 'NSW', name: 'New South Wales' } }],
      ['BR', { count: 27, has: { code: 'SP', name: 'São Paulo' } }],
      ['MX', { count: 32, has: { code: 'CMX', name: 'Ciudad de México' } }],
      ['IN', { count: 36, has: { code: 'MH', name: 'Maharashtra' } }],
    ]
    it.each(cases)('lists all %s states by name', async (countryCode, { count, has }) => {
      const reply = await server.post('/rpc/states', { countryCode })
      expect(reply.status).toBe(200)
      expect(reply.body).toMatchObject({ responseCode: '00', countryCode })
      const states = reply.body.states as State[]
      expect(states).toHaveLength(count)
      expect(states).toContainEqual(has)
      const names = states.map((state) => state.name)
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')))
    })

    it('answers an empty list for a country without states in the dictionary', async () => {
      const reply = await server.post('/rpc/states', { countryCode: 'FR' })
      expect(reply.body).toMatchObject({ responseCode: '00', countryCode: 'FR', states: [] })
    })

    const bad: [string, { given: Record<string, unknown>; want: string[] }][] = [
      ['no country', { given: {}, want: ['countryCode'] }],
      ['a lower-case code', { given: { countryCode: 'ca' }, want: ['countryCode'] }],
      ['a code of no country', { given: { countryCode: 'ZZ' }, want: ['countryCode'] }],
      ['an unknown field', { given: { countryCode: 'CA', lang2: 'en' }, want: ['lang2'] }],
    ]
    it.each(bad)('refuses %s with VF naming the field', async (_name, { given, want }) => {
      const reply = await server.post('/rpc/states', given)
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(want)
    })
  })
}
