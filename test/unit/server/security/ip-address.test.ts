// IP whitelist addresses (src/server/security/ip-address.ts): one normal form per address, so
// the same address typed two ways is one entry, and ranges that cannot be ordered are refused.
import { describe, expect, it } from 'vitest'
import {
  formatIp,
  normaliseIp,
  normaliseIpRange,
  parseIp,
} from '../../../../src/server/security/ip-address.ts'

describe('normaliseIp', () => {
  const cases: [string, { given: string; want: string | undefined }][] = [
    ['keeps a dotted IPv4 address', { given: '203.0.113.10', want: '203.0.113.10' }],
    ['keeps 0.0.0.0 and 255.255.255.255', { given: '255.255.255.255', want: '255.255.255.255' }],
    ['lower-cases IPv6', { given: '2001:DB8::1', want: '2001:db8::1' }],
    [
      'drops leading zeros',
      { given: '2001:0db8:0000:0000:0000:0000:0000:0001', want: '2001:db8::1' },
    ],
    ['shortens the longest zero run', { given: '2001:db8:0:0:1:0:0:1', want: '2001:db8::1:0:0:1' }],
    [
      'shortens the first of two equal runs',
      { given: '2001:0:0:1:0:0:1:1', want: '2001::1:0:0:1:1' },
    ],
    [
      'never shortens a single zero group',
      { given: '2001:db8:0:1:1:1:1:1', want: '2001:db8:0:1:1:1:1:1' },
    ],
    ['writes the unspecified address as ::', { given: '0:0:0:0:0:0:0:0', want: '::' }],
    ['writes loopback as ::1', { given: '::0001', want: '::1' }],
    ['expands a trailing ::', { given: 'fe80::', want: 'fe80::' }],
    ['refuses an IPv4 octet above 255', { given: '256.1.1.1', want: undefined }],
    ['refuses leading zeros in IPv4', { given: '01.2.3.4', want: undefined }],
    ['refuses three octets', { given: '1.2.3', want: undefined }],
    ['refuses two ::', { given: '1::2::3', want: undefined }],
    ['refuses nine groups', { given: '1:2:3:4:5:6:7:8:9', want: undefined }],
    ['refuses :: standing for no group', { given: '1:2:3:4::5:6:7:8', want: undefined }],
    ['refuses a five-digit group', { given: '2001:db8::12345', want: undefined }],
    ['refuses embedded IPv4', { given: '::ffff:1.2.3.4', want: undefined }],
    ['refuses a zone id', { given: 'fe80::1%eth0', want: undefined }],
    ['refuses text', { given: 'localhost', want: undefined }],
  ]
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(normaliseIp(given)).toBe(want)
  })

  it('formats what it parses back to the same address', () => {
    for (const text of ['10.0.0.1', '::', '::1', '2001:db8::8a2e:370:7334', 'ffff::ffff']) {
      const parsed = parseIp(text)
      expect(parsed, text).toBeDefined()
      expect(parseIp(formatIp(parsed!))).toEqual(parsed)
    }
  })
})

describe('normaliseIpRange', () => {
  it('stores one address as a range of itself', () => {
    expect(normaliseIpRange('2001:DB8::1')).toEqual({
      family: 6,
      ipFrom: '2001:db8::1',
      ipTo: '2001:db8::1',
    })
  })

  it('normalises both ends of a range', () => {
    expect(normaliseIpRange('198.51.100.0', '198.51.100.255')).toEqual({
      family: 4,
      ipFrom: '198.51.100.0',
      ipTo: '198.51.100.255',
    })
    expect(normaliseIpRange('2001:db8:0::', '2001:DB8::FFFF')).toEqual({
      family: 6,
      ipFrom: '2001:db8::',
      ipTo: '2001:db8::ffff',
    })
  })

  const refusals: [string, { given: [string, string?]; want: { parameter: string } }][] = [
    ['a first address that is none', { given: ['1.2.3.999'], want: { parameter: 'ip' } }],
    ['a last address that is none', { given: ['1.2.3.4', 'x'], want: { parameter: 'toIp' } }],
    ['a range across IP versions', { given: ['1.2.3.4', '::1'], want: { parameter: 'toIp' } }],
    [
      'a range that runs backwards',
      { given: ['10.0.0.9', '10.0.0.1'], want: { parameter: 'toIp' } },
    ],
    [
      'a backwards IPv6 range',
      { given: ['2001:db8::2', '2001:db8::1'], want: { parameter: 'toIp' } },
    ],
  ]
  it.each(refusals)('refuses %s, naming the field', (_name, { given, want }) => {
    expect(normaliseIpRange(...given)).toMatchObject(want)
  })
})
