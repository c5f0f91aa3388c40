// The verdict of serviceCheckUrls on one URL, by its form and a block list only: the server never
// fetches it nor looks its name up (docs/decisions.md, "Phone verification and URL checks
// (issue 14)"). A URL typed without a scheme ("nova.example", as a company's website is often
// typed) is judged as https. Refused: text that is no URL, a scheme other than http and https,
// a user name or password in the URL, an IP address literal outside the public internet
// (loopback, private, link-local, shared, reserved, multicast; the WHATWG parser turns
// 0x7f.1 and 2130706433 into 127.0.0.1 first), localhost and names that exist only inside a
// network (one label, .localhost, .local, .internal, .lan, .home.arpa), and the configured
// blocked domains with their subdomains. The reason reads in the request's language.
import { isIP } from 'node:net'
import { hostOf, isNonPublicAddress } from '../events/outbound-address.ts'
import { defaultLang, renderMessage, type Lang, type MessageKey } from '../messages/messages.ts'

export type UrlVerdict =
  { url: string; valid: true } | { url: string; valid: false; reason: string }

/** Why a URL is refused, as refusals of the catalogue (refusal.urls.*). */
const urlReasonKeys = {
  malformed: 'refusal.urls.malformed',
  scheme: 'refusal.urls.scheme',
  credentials: 'refusal.urls.credentials',
  privateAddress: 'refusal.urls.privateAddress',
  localName: 'refusal.urls.localName',
  blockedDomain: 'refusal.urls.blockedDomain',
} as const satisfies Record<string, MessageKey>

type UrlReason = keyof typeof urlReasonKeys

/** The reasons in English (a caller that names no language reads them). */
export const urlReasons = Object.fromEntries(
  Object.entries(urlReasonKeys).map(([name, key]) => [name, renderMessage(defaultLang, key)]),
) as Record<UrlReason, string>

const localSuffixes = ['localhost', 'local', 'internal', 'lan', 'home.arpa', 'intranet', 'corp']

/** A DNS label of letters, digits and hyphens (an IDN is already punycode here). */
const label = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/

export function urlVerdict(
  url: string,
  blockedDomains: readonly string[],
  lang: Lang = defaultLang,
): UrlVerdict {
  const refuse = (reason: UrlReason): UrlVerdict => ({
    url,
    valid: false,
    reason: renderMessage(lang, urlReasonKeys[reason]),
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
