// Which special-purpose range an IP address is in (IANA IPv4 and IPv6 special-purpose
// address registries, RFC 6890), so that private, loopback and documentation addresses are
// never given a country.
import { BlockList, isIP } from 'node:net'
import type { IpAddressKind } from '../../../generated/constants.ts'

type Family = 'ipv4' | 'ipv6'

/** Checked in order: the first range that holds the address names its kind. */
const specialRanges: [IpAddressKind, Family, string, number][] = [
  ['unspecified', 'ipv4', '0.0.0.0', 32],
  ['unspecified', 'ipv6', '::', 128],
  ['loopback', 'ipv4', '127.0.0.0', 8],
  ['loopback', 'ipv6', '::1', 128],
  ['private', 'ipv4', '10.0.0.0', 8],
  ['private', 'ipv4', '172.16.0.0', 12],
  ['private', 'ipv4', '192.168.0.0', 16],
  ['private', 'ipv6', 'fc00::', 7],
  ['sharedAddressSpace', 'ipv4', '100.64.0.0', 10],
  ['linkLocal', 'ipv4', '169.254.0.0', 16],
  ['linkLocal', 'ipv6', 'fe80::', 10],
  ['documentation', 'ipv4', '192.0.2.0', 24],
  ['documentation', 'ipv4', '198.51.100.0', 24],
  ['documentation', 'ipv4', '203.0.113.0', 24],
  ['documentation', 'ipv6', '2001:db8::', 32],
  ['documentation', 'ipv6', '3fff::', 20],
  ['multicast', 'ipv4', '224.0.0.0', 4],
  ['multicast', 'ipv6', 'ff00::', 8],
  ['reserved', 'ipv4', '0.0.0.0', 8],
  ['reserved', 'ipv4', '192.0.0.0', 24],
  ['reserved', 'ipv4', '198.18.0.0', 15],
  ['reserved', 'ipv4', '240.0.0.0', 4],
  ['reserved', 'ipv6', '100::', 64],
  ['reserved', 'ipv6', '2001::', 23],
  ['reserved', 'ipv6', '64:ff9b:1::', 48],
]

const lists = specialRanges.map(([kind, family, network, prefix]) => {
  const list = new BlockList()
  list.addSubnet(network, prefix, family)
  return { kind, family, list }
})

/** The address as it should be shown and looked up: ::ffff:a.b.c.d becomes a.b.c.d. */
export function normalizeAddress(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)
  return mapped?.[1] ?? ip.toLowerCase()
}

export function familyOf(ip: string): Family {
  const version = isIP(ip)
  if (version === 0) throw new Error(`assertion: ${ip} is an IP address`)
  return version === 4 ? 'ipv4' : 'ipv6'
}

export function addressKind(ip: string): IpAddressKind {
  const family = familyOf(ip)
  const match = lists.find((entry) => entry.family === family && entry.list.check(ip, family))
  return match?.kind ?? 'public'
}

/** A BlockList of CIDR ranges ('8.8.8.0/24', '2001:4860::/32'), for the bundled tables. */
export function rangeList(cidrs: readonly string[]): BlockList {
  const list = new BlockList()
  for (const cidr of cidrs) {
    const [network = '', prefix = ''] = cidr.split('/')
    list.addSubnet(network, Number(prefix), familyOf(network))
  }
  return list
}
