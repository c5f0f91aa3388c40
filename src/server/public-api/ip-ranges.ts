// IP addresses and ranges of the allowed-IP list (product-spec section 3, Merchant: Allowed
// IP). Addresses become numbers (32 or 128 bits) so a range check is two comparisons; IPv4
// written as IPv4-mapped IPv6 (::ffff:a.b.c.d, as a dual-stack socket reports it) counts as
// IPv4. Stored and answered in one canonical text form (RFC 5952 for IPv6).
import type { FieldError } from '../rpc/outcome.ts'
import { refusal } from '../rpc/outcome.ts'

export interface ParsedIp {
  family: 4 | 6
  value: bigint
}

const ipv4Part = /^(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])$/
const mappedPrefix = 0xffffn << 32n

function parseIpv4(text: string): bigint | undefined {
  const parts = text.split('.')
  if (parts.length !== 4 || !parts.every((part) => ipv4Part.test(part))) return undefined
  return parts.reduce((value, part) => (value << 8n) | BigInt(part), 0n)
}

function parseIpv6(text: string): bigint | undefined {
  let head = text
  let tail: string[] = []
  // An embedded IPv4 tail (::ffff:1.2.3.4) becomes two groups.
  const lastColon = text.lastIndexOf(':')
  if (text.includes('.') && lastColon >= 0) {
    const v4 = parseIpv4(text.slice(lastColon + 1))
    if (v4 === undefined) return undefined
    head = text.slice(0, lastColon + 1) + '0:0'
    tail = [(v4 >> 16n).toString(16), (v4 & 0xffffn).toString(16)]
  }
  const halves = head.split('::')
  if (halves.length > 2) return undefined
  const groupsOf = (half: string | undefined) => (half ? half.split(':') : [])
  const left = groupsOf(halves[0])
  const right = groupsOf(halves[1])
  const missing = 8 - left.length - right.length
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined
  const groups = [...left, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...right]
  if (tail.length === 2) groups.splice(6, 2, ...tail)
  if (!groups.every((group) => /^[0-9a-fA-F]{1,4}$/.test(group))) return undefined
  return groups.reduce((value, group) => (value << 16n) | BigInt(`0x${group}`), 0n)
}

export function parseIp(text: string): ParsedIp | undefined {
  const v4 = parseIpv4(text)
  if (v4 !== undefined) return { family: 4, value: v4 }
  if (!text.includes(':') || text.includes('%')) return undefined
  const v6 = parseIpv6(text)
  if (v6 === undefined) return undefined
  if (v6 >> 32n === mappedPrefix >> 32n) return { family: 4, value: v6 & 0xffffffffn }
  return { family: 6, value: v6 }
}

export function formatIp(ip: ParsedIp): string {
  if (ip.family === 4) {
    return [24n, 16n, 8n, 0n].map((shift) => String((ip.value >> shift) & 0xffn)).join('.')
  }
  const groups = Array.from({ length: 8 }, (_, index) =>
    ((ip.value >> BigInt((7 - index) * 16)) & 0xffffn).toString(16),
  )
  // RFC 5952: the longest run of two or more zero groups (the first of equals) becomes ::.
  let best = { start: -1, length: 0 }
  for (let start = 0; start < 8; start++) {
    let length = 0
    while (start + length < 8 && groups[start + length] === '0') length++
    if (length > best.length && length >= 2) best = { start, length }
  }
  if (best.start < 0) return groups.join(':')
  const left = groups.slice(0, best.start).join(':')
  const right = groups.slice(best.start + best.length).join(':')
  return `${left}::${right}`
}

/** The canonical text of an address, or undefined when it is none. */
export function canonicalIp(text: string): string | undefined {
  const parsed = parseIp(text)
  return parsed ? formatIp(parsed) : undefined
}

/** What is wrong with a range, as VF field errors (the portal shows them in a popup). */
export function rangeErrors(ipFrom: string, ipTo: string | undefined): FieldError[] {
  const from = parseIp(ipFrom)
  if (!from) return [refusal('ipFrom', 'refusal.common.notIpAddress')]
  if (ipTo === undefined) return []
  const to = parseIp(ipTo)
  if (!to) return [refusal('ipTo', 'refusal.common.notIpAddress')]
  if (to.family !== from.family) {
    return [refusal('ipTo', 'refusal.common.sameIpFamily', { family: String(from.family) })]
  }
  if (to.value < from.value) {
    return [refusal('ipTo', 'refusal.common.beforeFirstAddress')]
  }
  return []
}

export interface IpRange {
  ipFrom: string
  ipTo: string | null
}

/** Whether an address falls in one of the ranges; ipTo null is the single address ipFrom. */
export function inAnyRange(address: string, ranges: IpRange[]): boolean {
  const ip = parseIp(address)
  if (!ip) return false
  return ranges.some((range) => {
    const from = parseIp(range.ipFrom)
    const to = range.ipTo === null ? from : parseIp(range.ipTo)
    return (
      from !== undefined &&
      to !== undefined &&
      from.family === ip.family &&
      to.family === ip.family &&
      from.value <= ip.value &&
      ip.value <= to.value
    )
  })
}
