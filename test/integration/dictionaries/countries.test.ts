// countries, with the lists derived from it (phoneCodes, birthCountries) and dialects: what a
// client sees (product-spec section 3, Dictionaries: countries, phone codes, dialects, birth
// countries; country date formats and primary dialects).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import type { components } from '../../../src/generated/api.d.ts'

type Country = components['schemas']['Country']
type PhoneCode = components['schemas']['PhoneCode']
type Dialect = components['schemas']['Dialect']

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    const countries = async (): Promise<Country[]> => {
      const reply = await server.post('/rpc/countries', {})
      expect(reply.status).toBe(200)
      expect(reply.body.responseCode).toBe('00')
      return reply.body.countries as Country[]
    }

    it('lists every ISO 3166-1 country once, by English name', async () => {
      const list = await countries()
      expect(list.length).toBeGreaterThanOrEqual(249)
      expect(new Set(list.map((entry) => entry.code)).size).toBe(list.length)
      expect(new Set(list.map((entry) => entry.alpha3)).size).toBe(list.length)
      const names = list.map((entry) => entry.name)
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')))
    })

    const known: [string, { want: Partial<Country> }][] = [
      [
        'US',
        {
          want: {
            alpha3: 'USA',
            name: 'United States',
            callingCode: '1',
            dateFormat: 'MM/DD/YYYY',
            primaryDialect: 'en-US',
          },
        },
      ],
      ['DE', { want: { alpha3: 'DEU', callingCode: '49', dateFormat: 'DD.MM.YYYY' } }],
      ['GB', { want: { alpha3: 'GBR', callingCode: '44', dateFormat: 'DD/MM/YYYY' } }],
      ['JP', { want: { alpha3: 'JPN', callingCode: '81', dateFormat: 'YYYY/MM/DD' } }],
      ['CH', { want: { primaryDialect: 'de-CH' } }],
      ['UA', { want: { alpha3: 'UKR', callingCode: '380', primaryDialect: 'uk-UA' } }],
    ]
    it.each(known)('describes %s', async (code, { want }) => {
      const entry = (await countries()).find((country) => country.code === code)
      expect(entry).toMatchObject(want)
    })

    it('gives phone codes per country, shared codes included', async () => {
      const reply = await server.post('/rpc/phoneCodes', {})
      const codes = reply.body.phoneCodes as PhoneCode[]
      expect(codes.find((code) => code.countryCode === 'GB')?.callingCode).toBe('44')
      const nanp = codes.filter((code) => code.callingCode === '1').map((code) => code.countryCode)
      expect(nanp).toEqual(expect.arrayContaining(['US', 'CA', 'JM']))
      expect(codes).toHaveLength((await countries()).length)
    })

    it('offers every country as a birth country', async () => {
      const reply = await server.post('/rpc/birthCountries', {})
      const list = reply.body.birthCountries as { code: string; name: string }[]
      expect(list.map((entry) => entry.code)).toEqual((await countries()).map((c) => c.code))
      expect(list).toContainEqual({ code: 'FR', name: 'France' })
    })

    it('maps each interface language to its primary dialect, ua included', async () => {
      const reply = await server.post('/rpc/dialects', {})
      const dialects = new Map(
        (reply.body.dialects as Dialect[]).map((entry) => [entry.language, entry.dialect]),
      )
      for (const [language, dialect] of [
        ['en', 'en-US'],
        ['es', 'es-ES'],
        ['pt', 'pt-BR'],
        ['ro', 'ro-RO'],
        ['ru', 'ru-RU'],
        ['uk', 'uk-UA'],
        ['ua', 'uk-UA'],
      ]) {
        expect(dialects.get(language ?? ''), language).toBe(dialect)
      }
    })

    it.each(['countries', 'phoneCodes', 'birthCountries', 'dialects'])(
      '%s refuses an unknown field with VF naming it',
      async (operationId) => {
        const reply = await server.post(`/rpc/${operationId}`, { countryCode: 'US' })
        expect(reply.body.responseCode).toBe('VF')
        expect(failedParameters(reply)).toEqual(['countryCode'])
      },
    )
  })
}
