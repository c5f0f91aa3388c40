// The verdict of serviceCheckUrls on one URL, by its form and a block list only: the server never
// fetches it nor looks its name up (docs/decisions.md, "Phone verification and URL checks
// (issue 14)"). A URL typed without a scheme ("nova.example", as a company's website is often
// typed) is judged as https. Refused: text that is no URL, a scheme other than http and https,
// a user name or password in the URL, an IP address literal outside the public internet
// (loopback, private, link-local, shared, reserved, multicast; the WHATWG parser turns
// 0x7f.1 and 2130706433 into 127.0.0.1 first), localhost and names that exist only inside a
// network (one label, .localhost, .local, .internal, .lan, .home.arpa), and the configured
// blocked domains with their subdomains.
import { isIP } from 'node:net'
import { hostOf, isNonPublicAddress } from '../events/outbound-address.ts'

export type UrlVerdict =
  { url: string; valid: true } | { url: string; valid: false; reason: string }

export const urlReasons = {
  malformed: 'is not a well-formed web address',
  scheme: 'must start with http:// or https://',
  credentials: 'must not carry a user name or password',
  privateAddress: 'points to an address outside the public internet',
  localName: 'names a host that exists only inside a network',
  blockedDomain: 'is on the list of blocked domains',
} as const

const localSuffixes = ['localhost', 'local', 'internal', 'lan', 'home.arpa', 'intranet', 'corp']

/** A DNS label of letters, digits and hyphens (an IDN is already punycode here). */
const label = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/

export function urlVerdict(url: string, blockedDomains: readonly string[]): UrlVerdict {
  const refuse = (reason: keyof typeof urlReasons): UrlVerdict => ({
    url,
    valid: false,
    reason: urlReasons[reason],
  })
  const text = url.trim()
  if (text === '' || /\s/.test(text)) return refuse('malformed')
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(text)
  // "host:port" has a colon too; a scheme is followed by // or is not http-like at all.
  const schemeLess = !hasScheme || /^[^:/]+:[0-9]+(\/|$)/.test(text)
  let parsed: URL
  try {
    parsed = new URL(schemeLess ? `https://${text}` : text)
  } catch {
    return refuse('malformed')
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return refuse('scheme')
  if (!schemeLess && !/^https?:\/\//i.test(text)) return refuse('malformed')
  if (parsed.username !== '' || parsed.password !== '') return refuse('credentials')
  const host = hostOf(parsed).toLowerCase()
  if (isIP(host) !== 0)
    return isNonPublicAddress(host) ? refuse('privateAddress') : { url, valid: true }
  const name = host.replace(/\.$/, '')
  const labels = name.split('.')
  if (!labels.every((part) => label.test(part))) return refuse('malformed')
  if (
    labels.length < 2 ||
    localSuffixes.some((suffix) => name === suffix || name.endsWith(`.${suffix}`))
  ) {
    return refuse('localName')
  }
  // A top-level domain is letters (or an IDN's xn--), never all digits.
  if (!/^([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(labels[labels.length - 1] ?? '')) {
    return refuse('malformed')
  }
  if (blockedDomains.some((domain) => name === domain || name.endsWith(`.${domain}`))) {
    return refuse('blockedDomain')
  }
  return { url, valid: true }
}
