// readAddress and samePlace: an address in stored form (text tidied, the state named from the
// states dictionary) or the fields that are wrong; two addresses of one place compare equal.
import { describe, expect, it } from 'vitest'
import { readAddress, samePlace } from '../../../../src/server/customer/customer-addresses.ts'

type AddressInput = Parameters<typeof readAddress>[0]
// The generated type lists the schema's defaults as required; a request may leave them out.
const base = {
  address1: ' 1  Main St ',
  city: 'Austin',
  countryCode: 'US',
  stateCode: 'TX',
} as AddressInput

describe('readAddress', () => {
  const cases: [string, { given: Record<string, unknown>; want: unknown }][] = [
    [
      'a US address, tidied, with its state named',
      {
        given: { ...base, postalCode: '73301', address2: '  ' },
        want: { addressType: 1, address1: '1 Main St', address2: null, stateName: 'Texas' },
      },
    ],
    ['a given type', { given: { ...base, addressType: 5 }, want: { addressType: 5 } }],
    [
      'a state name as given',
      { given: { ...base, stateName: 'Tejas' }, want: { stateName: 'Tejas' } },
    ],
    [
      'a postal code upper-cased',
      {
        given: { address1: 'x', city: 'y', countryCode: 'GB', postalCode: 'e14 5ab' },
        want: { postalCode: 'E14 5AB', stateCode: null },
      },
    ],
    [
      'a country of no dictionary',
      {
        given: { ...base, countryCode: 'ZZ', stateCode: undefined },
        want: [{ parameter: 'countryCode' }],
      },
    ],
    [
      'a missing state where the country has states',
      { given: { ...base, stateCode: undefined }, want: [{ parameter: 'stateCode' }] },
    ],
    [
      'a state of another country',
      { given: { ...base, stateCode: 'ON' }, want: [{ parameter: 'stateCode' }] },
    ],
  ]
  it.each(cases)('reads %s', (_name, { given, want }) => {
    expect(readAddress(given as AddressInput)).toMatchObject(want as object)
  })

  it('names nested fields with the prefix and takes the default type given', () => {
    expect(readAddress({ ...base, stateCode: 'ON' }, 'address.')).toMatchObject([
      { parameter: 'address.stateCode' },
    ])
    expect(readAddress(base, 'address.', 2)).toMatchObject({ addressType: 2 })
  })
})

describe('samePlace', () => {
  const stored = readAddress(base)
  it('compares places whatever the case', () => {
    const other = readAddress({ ...base, address1: '1 MAIN st' })
    expect(Array.isArray(stored) || Array.isArray(other)).toBe(false)
    if (Array.isArray(stored) || Array.isArray(other)) return
    expect(samePlace(stored, other)).toBe(true)
    expect(samePlace(stored, { ...other, city: 'Dallas' })).toBe(false)
  })
})
