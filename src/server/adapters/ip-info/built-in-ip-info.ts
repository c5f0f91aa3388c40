// The built-in IP-info adapter: no outside service. It classifies the address (address-kind.ts),
// finds the country of a public address in a small bundled range table and answers the privacy
// check from a bundled list, false for every address the list does not hold. Its limits are
// in README.md beside this file.
import type { BlockList } from 'node:net'
import countryRanges from './data/ip-country-ranges.json' with { type: 'json' }
import privacyRanges from './data/ip-privacy-list.json' with { type: 'json' }
import { addressKind, familyOf, normalizeAddress, rangeList } from './address-kind.ts'
import type { IpInfoAdapter, IpLookup, IpPrivacyFlags } from './ip-info-adapter.ts'

export interface CountryRange {
  cidr: string
  countryCode: string
}

export interface PrivacyRange {
  cidr: string
  proxy?: boolean
  vpn?: boolean
  tor?: boolean
}

export interface BuiltInTables {
  countryRanges: readonly CountryRange[]
  privacyRanges: readonly PrivacyRange[]
}

export const bundledTables: BuiltInTables = { countryRanges, privacyRanges }

interface Compiled<T> {
  entry: T
  list: BlockList
}

function compile<T extends { cidr: string }>(entries: readonly T[]): Compiled<T>[] {
  return entries.map((entry) => ({ entry, list: rangeList([entry.cidr]) }))
}

function findAll<T>(ranges: readonly Compiled<T>[], ip: string): T[] {
  const family = familyOf(ip)
  return ranges.filter(({ list }) => list.check(ip, family)).map(({ entry }) => entry)
}

export class BuiltInIpInfo implements IpInfoAdapter {
  readonly name = 'built-in'
  private readonly countries: Compiled<CountryRange>[]
  private readonly privacy: Compiled<PrivacyRange>[]

  constructor(tables: BuiltInTables = bundledTables) {
    this.countries = compile(tables.countryRanges)
    this.privacy = compile(tables.privacyRanges)
  }

  async lookup(address: string): Promise<IpLookup> {
    const ip = normalizeAddress(address)
    const kind = addressKind(ip)
    const version = familyOf(ip) === 'ipv4' ? 4 : 6
    const range = kind === 'public' ? findAll(this.countries, ip)[0] : undefined
    return { ip, version, kind, countryCode: range?.countryCode ?? null }
  }

  async checkPrivacy(address: string): Promise<IpPrivacyFlags> {
    const listed = findAll(this.privacy, normalizeAddress(address))
    return {
      proxy: listed.some((range) => range.proxy === true),
      vpn: listed.some((range) => range.vpn === true),
      tor: listed.some((range) => range.tor === true),
    }
  }
}

/** The adapter the server uses; the only one until a provider adapter is configured. */
export const defaultIpInfo: IpInfoAdapter = new BuiltInIpInfo()
