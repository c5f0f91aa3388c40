// IP addresses of the whitelist (product-spec section 3, IP whitelist item): parsed to numbers
// so ranges can be ordered, and written back in one normal form, so "2001:DB8:0:0::1" and
// "2001:db8::1" are one entry. IPv4 stays dotted decimal; IPv6 follows RFC 5952 (lower case,
// no leading zeros, the longest run of two or more zero groups shortened to "::").
import type { FieldError } from '../rpc/outcome.ts'
import { refusal } from '../rpc/outcome.ts'

export interface IpAddress {
  family: 4 | 6
  /** The address as an unsigned integer (32 or 128 bits). */
  value: bigint
}

export interface IpRange {
  family: 4 | 6
  /** The first address, normalised. */
  ipFrom: string
  /** The last address, normalised; equal to ipFrom for a single address. */
  ipTo: string
}

const ipv4Octet = /^(0|[1-9][0-9]{0,2})$/
const ipv6Group = /^[0-9a-fA-F]{1,4}$/

function parseIpv4(text: string): IpAddress | undefined {
  const parts = text.split('.')
  if (parts.length !== 4) return undefined
  let value = 0n
  for (const part of parts) {
    if (!ipv4Octet.test(part) || Number(part) > 255) return undefined
    value = (value << 8n) | BigInt(part)
  }
  return { family: 4, value }
}

function parseGroups(text: string): number[] | undefined {
  if (text === '') return []
  const groups = text.split(':')
  if (!groups.every((group) => ipv6Group.test(group))) return undefined
  return groups.map((group) => parseInt(group, 16))
}

function parseIpv6(text: string): IpAddress | undefined {
  const halves = text.split('::')
  if (halves.length > 2) return undefined
  const head = parseGroups(halves[0] ?? '')
  const tail = halves.length === 2 ? parseGroups(halves[1] ?? '') : []
  if (!head || !tail) return undefined
  const missing = 8 - head.length - tail.length
  // "::" stands for at least one zero group; without it there must be exactly eight.
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined
  const groups = [...head, ...Array<number>(missing).fill(0), ...tail]
  const value = groups.reduce((sum, group) => (sum << 16n) | BigInt(group), 0n)
  return { family: 6, value }
}

/** An IPv4 or IPv6 address without zone id or embedded IPv4; undefined for anything else. */
export function parseIp(text: string): IpAddress | undefined {
  return text.includes(':') ? parseIpv6(text) : parseIpv4(text)
}

function formatIpv6(value: bigint): string {
  const groups: number[] = []
  for (let shift = 112n; shift >= 0n; shift -= 16n) groups.push(Number((value >> shift) & 0xffffn))
  // The longest run of zero groups (the first when tied), if it is at least two long.
  let bestStart = -1
  let bestLength = 1
  for (let start = 0; start < 8; start++) {
    let length = 0
    while (start + length < 8 && groups[start + length] === 0) length++
    if (length > bestLength) {
      bestStart = start
      bestLength = length
    }
  }
  const hex = groups.map((group) => group.toString(16))
  if (bestStart < 0) return hex.join(':')
  const head = hex.slice(0, bestStart).join(':')
  const tail = hex.slice(bestStart + bestLength).join(':')
  return `${head}::${tail}`
}

export function formatIp(address: IpAddress): string {
  if (address.family === 6) return formatIpv6(address.value)
  const octets = [24n, 16n, 8n, 0n].map((shift) => String((address.value >> shift) & 0xffn))
  return octets.join('.')
}

/** The normal form of one address; undefined when it is not an address. */
export function normaliseIp(text: string): string | undefined {
  const address = parseIp(text)
  return address && formatIp(address)
}

/**
 * A whitelist entry from the "Add IP to whitelist" popup: one address, or a range from ip to
 * toIp of one IP version in ascending order. A range of one address is a single address.
 */
export function normaliseIpRange(ip: string, toIp?: string): IpRange | FieldError {
  const from = parseIp(ip)
  if (!from) return refusal('ip', 'refusal.common.ipAddress')
  if (toIp === undefined) {
    const single = formatIp(from)
    return { family: from.family, ipFrom: single, ipTo: single }
  }
  const to = parseIp(toIp)
  if (!to) return refusal('toIp', 'refusal.common.ipAddress')
  if (to.family !== from.family) {
    return refusal('toIp', 'refusal.common.sameIpFamily', { family: String(from.family) })
  }
  if (to.value < from.value) {
    return refusal('toIp', 'refusal.common.beforeFirstAddress')
  }
  return { family: from.family, ipFrom: formatIp(from), ipTo: formatIp(to) }
}
