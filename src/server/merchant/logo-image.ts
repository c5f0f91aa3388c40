// What a logo upload really is, decided by its bytes and never by the name or type the client
// sent (DESIGN.md section 11). Logos are shown on payment pages to payers, so an SVG that
// could run script or pull in other documents is refused; a passive one is stored in the
// cleaned form the sanitizer serialises (logo-svg.ts), never as uploaded.
import { sanitizeLogoSvg } from './logo-svg-thread.ts'
import type { LogoProblem } from './logo-svg.ts'
import { isJpeg, isPng } from '../uploads/file-signatures.ts'

export type LogoContentType = 'image/png' | 'image/jpeg' | 'image/svg+xml'

/** The largest logo accepted: 2 MB. */
export const maxLogoBytes = 2 * 1024 * 1024

/** An accepted logo carries the bytes to store: the upload itself, or the cleaned SVG. */
export type LogoCheck =
  { ok: true; contentType: LogoContentType; content: Buffer } | { ok: false; problem: LogoProblem }

/**
 * The prolog an SVG file may open with before its root element: a byte-order mark, an XML
 * declaration or other processing instructions, comments and a DOCTYPE (an internal subset is
 * recognised here so that the sanitizer can name it). A comment cannot contain "-->", a
 * processing instruction (as matched here) cannot contain ">" and a subset cannot contain "]",
 * so each file splits one way only and the match stays linear on any upload.
 */
const svgStart =
  /^\uFEFF?\s*(?:(?:<\?[^>]*\?>|<!--(?:(?!-->)[\s\S])*-->|<!DOCTYPE\s+svg[^>[]*(?:\[[^\]]*\][^>[]*)?>)\s*)*<svg[\s>/]/i

function svgText(bytes: Buffer): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return undefined
  }
}

/** Checks one uploaded logo: PNG, JPEG or a passive SVG, 1 byte to 2 MB. */
export async function checkLogoImage(bytes: Buffer): Promise<LogoCheck> {
  if (bytes.length === 0) return { ok: false, problem: { key: 'refusal.merchant.logo.empty' } }
  if (bytes.length > maxLogoBytes)
    return { ok: false, problem: { key: 'refusal.merchant.logo.tooLarge' } }
  if (isPng(bytes)) return { ok: true, contentType: 'image/png', content: bytes }
  if (isJpeg(bytes)) return { ok: true, contentType: 'image/jpeg', content: bytes }
  const text = svgText(bytes)
  if (text === undefined || !svgStart.test(text)) {
    return { ok: false, problem: { key: 'refusal.merchant.logo.notImage' } }
  }
  const svg = await sanitizeLogoSvg(text)
  if (!svg.ok) return svg
  const content = Buffer.from(svg.svg, 'utf8')
  // Serialising can add a little (the namespace, escaped characters) to a file near the limit.
  if (content.length > maxLogoBytes)
    return { ok: false, problem: { key: 'refusal.merchant.logo.tooLargeCleaned' } }
  return { ok: true, contentType: 'image/svg+xml', content }
}
