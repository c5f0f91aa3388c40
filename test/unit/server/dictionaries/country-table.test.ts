// The countries dictionary's data (data/countries.json): every ISO 3166-1 country once, with
// a calling code libphonenumber-js agrees with, a date format and a primary dialect.
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js'
import { describe, expect, it } from 'vitest'
import { country, countryEntries } from '../../../../src/server/dictionaries/country-table.ts'

describe('the countries dictionary', () => {
  it('holds 249 ISO countries and Kosovo, each code once', () => {
    expect(countryEntries).toHaveLength(250)
    expect(new Set(countryEntries.map((entry) => entry.code)).size).toBe(250)
    expect(new Set(countryEntries.map((entry) => entry.alpha3)).size).toBe(250)
    expect(country('XK')).toMatchObject({ alpha3: 'XKX', name: 'Kosovo' })
  })

  it('agrees with libphonenumber-js on every calling code it knows', () => {
    for (const entry of countryEntries) {
      if (!isSupportedCountry(entry.code)) continue
      expect(entry.callingCode, entry.code).toBe(getCountryCallingCode(entry.code))
    }
  })

  it('fills every field of every country', () => {
    for (const entry of countryEntries) {
      expect(entry.name, entry.code).not.toBe(entry.code)
      expect(entry.dateFormat, entry.code).toMatch(/DD/)
      expect(entry.dateFormat, entry.code).toMatch(/MM/)
      expect(entry.dateFormat, entry.code).toMatch(/YYYY/)
      expect(entry.primaryDialect, entry.code).toMatch(new RegExp(`^[a-z]{2,3}-${entry.code}$`))
    }
  })

  it('answers undefined for a code of no country', () => {
    expect(country('ZZ')).toBeUndefined()
  })
})
