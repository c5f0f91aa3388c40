// The per-country tax-ID table (product-spec sections 3 and 5): its size, that every row is
// complete, the lookups and the generic fallback.
import { describe, expect, it } from 'vitest'
import {
  allTaxIdRules,
  fallbackRule,
  taxIdRuleCount,
  taxIdRuleFor,
} from '../../../../src/server/dictionaries/tax-id-rules.ts'
import { country } from '../../../../src/server/dictionaries/country-table.ts'

const generic = { name: 'Tax Identification Number', shortName: 'TIN', genericName: true }

describe('the tax-ID table', () => {
  it('covers about 200 countries of the dictionary, every row complete', () => {
    expect(taxIdRuleCount).toBeGreaterThanOrEqual(190)
    for (const rule of allTaxIdRules()) {
      expect(country(rule.countryCode ?? ''), rule.countryCode).toBeDefined()
      for (const side of [rule.personal, rule.business]) {
        expect(side?.name.trim(), rule.countryCode).not.toBe('')
        expect(side?.shortName.trim(), rule.countryCode).not.toBe('')
        expect(typeof side?.required).toBe('boolean')
      }
      expect(typeof rule.crs).toBe('boolean')
    }
  })

  const rows: [string, { personal: string; business: string; crs: boolean }][] = [
    ['US', { personal: 'SSN/ITIN', business: 'EIN', crs: false }],
    ['GB', { personal: 'NINO', business: 'UTR', crs: true }],
    ['DE', { personal: 'Steuer-ID', business: 'St.-Nr.', crs: true }],
    ['FR', { personal: 'SPI', business: 'SIREN', crs: true }],
    ['ES', { personal: 'NIF', business: 'NIF', crs: true }],
    ['IT', { personal: 'CF', business: 'CF', crs: true }],
    ['BR', { personal: 'CPF', business: 'CNPJ', crs: true }],
    ['IN', { personal: 'PAN', business: 'PAN', crs: true }],
    ['CA', { personal: 'SIN', business: 'BN', crs: true }],
    ['AU', { personal: 'TFN', business: 'ABN', crs: true }],
  ]
  it.each(rows)('names the %s numbers', (countryCode, want) => {
    const rule = taxIdRuleFor(countryCode)
    expect(rule).toMatchObject({ countryCode, crs: want.crs, fromFallback: false })
    expect(rule.personal?.shortName).toBe(want.personal)
    expect(rule.business?.shortName).toBe(want.business)
    expect(rule.personal?.genericName).toBe(false)
  })

  it('lets personal and business differ in whether the number is required', () => {
    expect(taxIdRuleFor('AE')).toMatchObject({
      personal: { required: false },
      business: { required: true },
    })
  })

  it('falls back to the generic TIN, not required, for an unlisted country', () => {
    expect(taxIdRuleFor('AQ')).toEqual({
      countryCode: 'AQ',
      crs: false,
      fromFallback: true,
      personal: { ...generic, required: false },
      business: { ...generic, required: false },
    })
  })

  it('narrows every answer to the side asked for', () => {
    expect(taxIdRuleFor('US', 'personal')).not.toHaveProperty('business')
    expect(taxIdRuleFor('AQ', 'business')).not.toHaveProperty('personal')
    expect(fallbackRule('personal')).toEqual({
      crs: false,
      fromFallback: true,
      personal: { ...generic, required: false },
    })
    expect(allTaxIdRules('business').some((rule) => 'personal' in rule)).toBe(false)
  })
})
