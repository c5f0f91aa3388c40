// taxIdTable: the per-country tax-ID table as a client sees it (product-spec section 3: about
// 200 countries, US SSN/ITIN and EIN, a generic TIN fallback; section 5: required per country,
// personal and business differing, and the CRS flag).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import type { components } from '../../../src/generated/api.d.ts'

type TaxIdRule = components['schemas']['TaxIdRule']

const genericTin = { name: 'Tax Identification Number', shortName: 'TIN', genericName: true }

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    const table = async (body: Record<string, unknown>) => {
      const reply = await server.post('/rpc/taxIdTable', body)
      expect(reply.status).toBe(200)
      expect(reply.body.responseCode).toBe('00')
      return {
        rules: reply.body.taxIdRules as TaxIdRule[],
        fallback: reply.body.fallback as TaxIdRule,
      }
    }

    it('lists about 200 countries, each once, with both sides', async () => {
      const { rules, fallback } = await table({})
      expect(rules.length).toBeGreaterThanOrEqual(190)
      const codes = rules.map((rule) => rule.countryCode)
      expect(new Set(codes).size).toBe(codes.length)
      for (const rule of rules) {
        expect(rule, rule.countryCode).toMatchObject({ fromFallback: false })
        expect(rule.personal?.name, rule.countryCode).toBeTruthy()
        expect(rule.business?.shortName, rule.countryCode).toBeTruthy()
      }
      expect(fallback).toMatchObject({ fromFallback: true, crs: false, personal: genericTin })
      expect(fallback.countryCode).toBeUndefined()
    })

    const countries: [string, { want: Partial<TaxIdRule> }][] = [
      [
        'US',
        {
          want: {
            personal: expect.objectContaining({ shortName: 'SSN/ITIN', required: true }),
            business: expect.objectContaining({
              name: 'Employer Identification Number',
              shortName: 'EIN',
            }),
            crs: false,
          },
        },
      ],
      [
        'GB',
        {
          want: {
            personal: expect.objectContaining({ shortName: 'NINO' }),
            business: expect.objectContaining({ shortName: 'UTR' }),
            crs: true,
          },
        },
      ],
      ['DE', { want: { personal: expect.objectContaining({ shortName: 'Steuer-ID' }) } }],
      [
        'BR',
        {
          want: {
            personal: expect.objectContaining({ shortName: 'CPF' }),
            business: expect.objectContaining({ shortName: 'CNPJ' }),
          },
        },
      ],
      ['IN', { want: { personal: expect.objectContaining({ shortName: 'PAN' }), crs: true } }],
      [
        'AE',
        {
          want: {
            personal: expect.objectContaining({ required: false }),
            business: expect.objectContaining({ shortName: 'TRN', required: true }),
          },
        },
      ],
    ]
    it.each(countries)('gives %s its own names and flags', async (countryCode, { want }) => {
      const { rules } = await table({ countryCode })
      expect(rules).toHaveLength(1)
      expect(rules[0]).toMatchObject({ countryCode, fromFallback: false, ...want })
    })

    it('falls back to the generic TIN for a country the table does not list', async () => {
      const { rules } = await table({ countryCode: 'AQ' })
      expect(rules).toEqual([
        {
          countryCode: 'AQ',
          fromFallback: true,
          crs: false,
          personal: { ...genericTin, required: false },
          business: { ...genericTin, required: false },
        },
      ])
    })

    it('answers only the side asked for', async () => {
      const { rules, fallback } = await table({ countryCode: 'US', customerType: 'business' })
      expect(rules[0]?.personal).toBeUndefined()
      expect(rules[0]?.business?.shortName).toBe('EIN')
      expect(fallback.personal).toBeUndefined()
      const personal = await table({ customerType: 'personal' })
      expect(personal.rules.every((rule) => rule.business === undefined)).toBe(true)
    })

    const bad: [string, { given: Record<string, unknown>; want: string[] }][] = [
      ['a lower-case country', { given: { countryCode: 'us' }, want: ['countryCode'] }],
      ['a code of no country', { given: { countryCode: 'ZZ' }, want: ['countryCode'] }],
      ['an unknown customer type', { given: { customerType: 'admin' }, want: ['customerType'] }],
    ]
    it.each(bad)('refuses %s with VF naming the field', async (_name, { given, want }) => {
      const reply = await server.post('/rpc/taxIdTable', given)
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(want)
    })
  })
}
