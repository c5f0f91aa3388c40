// The countries dictionary (data/countries.json), loaded once at import. Other dictionaries
// that take a countryCode use it to tell a country without data of its own (which gets a
// default) from a code that names no country (VF).
import countryList from './data/countries.json' with { type: 'json' }
import { type Failure, refusal, validationFailure } from '../rpc/outcome.ts'

export interface CountryEntry {
  code: string
  alpha3: string
  name: string
  callingCode: string
  dateFormat: string
  primaryDialect: string
}

export const countryEntries: readonly CountryEntry[] = countryList
const byCode = new Map(countryEntries.map((entry) => [entry.code, entry]))

export function country(code: string): CountryEntry | undefined {
  return byCode.get(code)
}

/** The VF answer for a well-formed code that names no country of the dictionary. */
export function unknownCountry(parameter: string): Failure {
  return validationFailure([refusal(parameter, 'refusal.common.notDictionaryCountry')])
}
