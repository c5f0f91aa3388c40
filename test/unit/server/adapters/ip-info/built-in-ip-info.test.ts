// The built-in IP-info adapter: address kinds by the IANA special-purpose ranges, countries
// from its range table, and privacy flags only for listed addresses.
import { describe, expect, it } from 'vitest'
import { BuiltInIpInfo } from '../../../../../src/server/adapters/ip-info/built-in-ip-info.ts'
import {
  addressKind,
  normalizeAddress,
} from '../../../../../src/server/adapters/ip-info/address-kind.ts'

describe('addressKind', () => {
  const cases: [string, string][] = [
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['fd12:3456::1', 'private'],
    ['100.127.255.254', 'sharedAddressSpace'],
    ['169.254.1.1', 'linkLocal'],
    ['198.51.100.1', 'documentation'],
    ['2001:db8::1', 'documentation'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['0.1.2.3', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['250.1.1.1', 'reserved'],
    ['8.8.8.8', 'public'],
    ['2a00:1450:4001::1', 'public'],
  ]
  it.each(cases)('classifies %s as %s', (ip, kind) => {
    expect(addressKind(ip)).toBe(kind)
  })

  it('writes IPv4-mapped IPv6 as IPv4', () => {
    expect(normalizeAddress('::FFFF:192.168.0.1')).toBe('192.168.0.1')
    expect(normalizeAddress('2001:DB8::1')).toBe('2001:db8::1')
  })
})

describe('BuiltInIpInfo', () => {
  const adapter = new BuiltInIpInfo({
    countryRanges: [
      { cidr: '81.2.69.0/24', countryCode: 'GB' },
      { cidr: '10.0.0.0/8', countryCode: 'DE' },
    ],
    privacyRanges: [
      { cidr: '81.2.69.128/25', vpn: true },
      { cidr: '81.2.69.200/32', tor: true },
    ],
  })

  it('gives a public address the country of its range', async () => {
    expect(await adapter.lookup('81.2.69.1')).toEqual({
      ip: '81.2.69.1',
      version: 4,
      kind: 'public',
      countryCode: 'GB',
    })
  })

  it('never gives a private address a country, even one in the table', async () => {
    expect(await adapter.lookup('::ffff:10.0.0.1')).toMatchObject({
      ip: '10.0.0.1',
      kind: 'private',
      countryCode: null,
    })
  })

  it('leaves an address outside the table without a country', async () => {
    expect((await adapter.lookup('2a00:1450:4001::1')).countryCode).toBeNull()
  })

  const privacy: [string, { proxy: boolean; vpn: boolean; tor: boolean }][] = [
    ['81.2.69.1', { proxy: false, vpn: false, tor: false }],
    ['81.2.69.130', { proxy: false, vpn: true, tor: false }],
    ['81.2.69.200', { proxy: false, vpn: true, tor: true }],
  ]
  it.each(privacy)('flags %s only as its lists say', async (ip, want) => {
    expect(await adapter.checkPrivacy(ip)).toEqual(want)
  })
})
