// The SWIFT/BIC checks: the parts of a well-formed code, and each malformed kind refused.
import { describe, expect, it } from 'vitest'
import { swiftCheck } from '../../../../src/server/transfers/directory/swift.ts'

describe('swiftCheck', () => {
  it.each([
    [
      'an 8-character code, as its primary office',
      'DEUTDEFF',
      { bankCode: 'DEUT', countryCode: 'DE', locationCode: 'FF', branchCode: 'XXX' },
    ],
    [
      'an 11-character code with a branch',
      'PSSTFRPPPAR',
      { bankCode: 'PSST', countryCode: 'FR', branchCode: 'PAR', primaryCode: 'PSSTFRPP' },
    ],
    ['spaces and lower case', ' deut de ff xxx ', { code: 'DEUTDEFFXXX', branchCode: 'XXX' }],
    ['a digit in the location', 'BARCGB22', { locationCode: '22', isTestCode: false }],
    ['a test code (location ending in 0)', 'NWBKGB20', { isTestCode: true }],
    ['Kosovo, a country without an ISO 3166 code of its own', 'RBKOXKPR', { countryCode: 'XK' }],
  ])('accepts %s', (_name, given, want) => {
    const result = swiftCheck(given)
    expect(result.valid).toBe(true)
    expect(result.problem).toBeUndefined()
    expect(result).toMatchObject(want)
  })

  it.each([
    ['an empty code', '', 'empty'],
    ['7 characters', 'DEUTDEF', 'length'],
    ['9 characters', 'DEUTDEFFX', 'length'],
    ['a digit in the bank code', 'DEU1DEFF', 'characters'],
    ['a digit in the country', 'DEUTD1FF', 'characters'],
    ['punctuation', 'DEUT-DEFF', 'length'],
    ['a country that does not exist', 'DEUTZZFF', 'country'],
    ['a location starting with 0', 'DEUTDE0F', 'location'],
    ['a location starting with 1', 'DEUTDE1F', 'location'],
    ['a branch starting with X other than XXX', 'DEUTDEFFXAB', 'branch'],
  ])('refuses %s', (_name, given, problem) => {
    const result = swiftCheck(given)
    expect(result.valid).toBe(false)
    expect(result.problem).toBe(problem)
    expect(result.bankCode).toBeUndefined()
  })
})
