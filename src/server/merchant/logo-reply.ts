// How a logo's own bytes must reach a browser, for the route that serves them (a payment page
// showing the merchant's logo by URL). Today logoGet answers the image as a data: URL inside
// JSON; a route that answers the bytes themselves returns this Outcome, so the headers cannot be
// forgotten. The SVG was cleaned at upload (logo-svg.ts); these headers hold even if a future
// sanitizer bug let something through: a sandboxed document with no script and no fetches.
import { bytesReply, type Answer } from '../rpc/outcome.ts'
import type { LogoContentType } from './logo-image.ts'

export interface ServedLogo {
  name: string
  /** The type detected from the bytes at upload, never the client's claim. */
  contentType: LogoContentType
  content: Uint8Array
}

const extensions: Record<LogoContentType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/svg+xml': 'svg',
}

/**
 * The policy of a logo opened on its own: `sandbox` gives it an opaque origin with no script,
 * forms or navigation; `default-src 'none'` stops every fetch (images, fonts, style sheets);
 * inline styles stay because SVG logos are coloured with them.
 */
export const logoContentSecurityPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox"

/** A file name safe in a header: the logo's name in ASCII letters, digits, "-" and "_". */
export function logoFileName(logo: Pick<ServedLogo, 'name' | 'contentType'>): string {
  const stem = logo.name.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '') || 'logo'
  return `${stem.slice(0, 100)}.${extensions[logo.contentType]}`
}

export function logoImageReply(logo: ServedLogo): Answer<'logoImageGet'> {
  return bytesReply<'logoImageGet'>(logo.content, {
    'content-type': logo.contentType,
    'content-security-policy': logoContentSecurityPolicy,
    'x-content-type-options': 'nosniff',
    'content-disposition': `inline; filename="${logoFileName(logo)}"`,
  })
}
