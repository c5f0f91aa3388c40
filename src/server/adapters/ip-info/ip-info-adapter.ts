// The IP-info adapter: what the public ipInfo operation asks about an address (product-spec
// section 7: an IP info call followed by a privacy check against an external service). The
// built-in adapter (built-in-ip-info.ts) answers from bundled tables and needs no outside
// service; a deployment with a geolocation or anonymizer-detection provider implements this
// interface for it.
import type { IpAddressKind } from '../../../generated/constants.ts'

export interface IpLookup {
  /** The address, an IPv4-mapped IPv6 address written as IPv4. */
  ip: string
  version: 4 | 6
  kind: IpAddressKind
  /** ISO 3166-1 alpha-2; null when unknown or when the address is not public. */
  countryCode: string | null
}

export interface IpPrivacyFlags {
  proxy: boolean
  vpn: boolean
  tor: boolean
}

export interface IpInfoAdapter {
  /** Names the source in answers (IpInfo.source). */
  readonly name: string
  /** The address must be a valid IPv4 or IPv6 address (net.isIP); callers check first. */
  lookup(ip: string): Promise<IpLookup>
  checkPrivacy(ip: string): Promise<IpPrivacyFlags>
}
