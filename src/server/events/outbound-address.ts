// Where the bank's server may send a merchant's HTTP requests. A merchant chooses webhook and
// IPN URLs, so without a check they could make the bank call its own network (server-side
// request forgery). Literal addresses are checked before connecting; host names in the DNS
// lookup that the connection itself uses, so a name that changes its answer between a check
// and the connection (DNS rebinding) cannot slip through.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns'
import { BlockList, isIP } from 'node:net'

/** Loopback, private, link-local, shared, reserved and multicast ranges (IANA registries). */
const nonPublic = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv6')
}

/** Whether an address is outside the public internet (IPv4-mapped IPv6 included). */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 0) return true
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
    if (mapped?.[1]) return nonPublic.check(mapped[1], 'ipv4')
  }
  return nonPublic.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

export class NonPublicTargetError extends Error {
  readonly code = 'ENONPUBLIC'
}

/** A URL's host without the brackets of an IPv6 literal. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1')
}

/**
 * Why a URL may not be called, or undefined when it may. A host name that does not resolve
 * now is allowed: delivery checks again when it connects.
 */
export async function refusedTarget(
  rawUrl: string,
  allowPrivateNetworks: boolean,
): Promise<string | undefined> {
  if (allowPrivateNetworks) return undefined
  const host = hostOf(new URL(rawUrl))
  if (isIP(host) !== 0) {
    return isNonPublicAddress(host) ? `${host} is not a public address.` : undefined
  }
  const addresses = await new Promise<LookupAddress[]>((resolve) => {
    dnsLookup(host, { all: true }, (error, found) => resolve(error ? [] : found))
  })
  const bad = addresses.find((entry) => isNonPublicAddress(entry.address))
  return bad ? `${host} resolves to ${bad.address}, which is not a public address.` : undefined
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void

/**
 * A DNS lookup for http.request that refuses non-public answers. Node asks for every address
 * (`all: true`) when it tries both families, else for one; both are answered.
 */
export function publicOnlyLookup(
  hostname: string,
  options: LookupOptions,
  callback: LookupCallback,
): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, [])
    const bad = addresses.find((entry) => isNonPublicAddress(entry.address))
    if (bad) {
      return callback(
        new NonPublicTargetError(`${hostname} resolves to ${bad.address}, not a public address`),
        [],
      )
    }
    const [first] = addresses
    if (options.all) return callback(null, addresses)
    if (!first) return callback(new Error(`${hostname} has no address`), [])
    return callback(null, first.address, first.family)
  })
}
