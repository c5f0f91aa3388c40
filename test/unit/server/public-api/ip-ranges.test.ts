// Addresses and ranges of the allowed-IP list: parsing, the canonical form answered to the
// portal, the VF errors of a bad range, and whether a caller falls in a range.
import { describe, expect, it } from 'vitest'
import {
  canonicalIp,
  inAnyRange,
  rangeErrors,
} from '../../../../src/server/public-api/ip-ranges.ts'
import { wireFieldErrors } from '../../../../src/server/rpc/outcome.ts'

describe('canonicalIp', () => {
  it.each([
    ['10.0.0.1', '10.0.0.1'],
    ['2001:DB8::1', '2001:db8::1'],
    ['2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['2001:db8:0:1:0:0:0:1', '2001:db8:0:1::1'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['::', '::'],
    ['::1', '::1'],
    ['fe80::', 'fe80::'],
    ['1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['::ffff:c000:201', '192.0.2.1'],
  ])('%s is %s', (given, canonical) => {
    expect(canonicalIp(given)).toBe(canonical)
  })

  it.each(['', '1.2.3', '256.0.0.1', '01.2.3.4', '1::2::3', '1:2:3:4:5:6:7:8:9', 'fe80::1%eth0'])(
    'rejects %j',
    (given) => {
      expect(canonicalIp(given)).toBeUndefined()
    },
  )
})

describe('rangeErrors', () => {
  it.each([
    ['one address', '10.0.0.1', undefined, []],
    ['an ordered range', '10.0.0.1', '10.0.0.9', []],
    ['a one-address range', '2001:db8::1', '2001:db8::1', []],
    [
      'a reversed range',
      '10.0.0.9',
      '10.0.0.1',
      [{ parameter: 'ipTo', description: 'must not come before the first address' }],
    ],
    [
      'mixed families',
      '2001:db8::1',
      '10.0.0.1',
      [{ parameter: 'ipTo', description: 'must be an IPv6 address like the first address' }],
    ],
  ])('%s', (_name, ipFrom, ipTo, errors) => {
    expect(wireFieldErrors('en', rangeErrors(ipFrom, ipTo))).toEqual(errors)
  })
})

describe('inAnyRange', () => {
  const ranges = [
    { ipFrom: '10.0.0.0', ipTo: '10.0.0.255' },
    { ipFrom: '192.0.2.7', ipTo: null },
    { ipFrom: '2001:db8::', ipTo: '2001:db8::ffff' },
  ]
  it.each([
    ['10.0.0.0', true],
    ['10.0.0.255', true],
    ['10.0.1.0', false],
    ['192.0.2.7', true],
    ['192.0.2.8', false],
    ['::ffff:10.0.0.5', true],
    ['2001:db8::abcd', true],
    ['2001:db8::1:0', false],
    ['not an address', false],
  ])('%s is allowed: %s', (address, allowed) => {
    expect(inAnyRange(address, ranges)).toBe(allowed)
  })

  it('allows nothing from no ranges', () => {
    expect(inAnyRange('10.0.0.1', [])).toBe(false)
  })
})
