// What a file is, decided by its bytes and never by its name or the type a browser claims
// (DESIGN.md section 11). The server checks every upload with these; the portal checks a
// chosen file with the same rules before sending it, so a wrong file is named at once.

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const pngHeaderChunk = [0x49, 0x48, 0x44, 0x52] // "IHDR"
const pdfHeader = [0x25, 0x50, 0x44, 0x46, 0x2d] // "%PDF-"
const pdfEnd = [0x25, 0x25, 0x45, 0x4f, 0x46] // "%%EOF"

function startsWithAt(bytes: Uint8Array, at: number, expected: readonly number[]): boolean {
  return expected.every((byte, index) => bytes[at + index] === byte)
}

function indexOf(bytes: Uint8Array, expected: readonly number[]): number {
  for (let at = 0; at + expected.length <= bytes.length; at += 1) {
    if (startsWithAt(bytes, at, expected)) return at
  }
  return -1
}

export function isPng(bytes: Uint8Array): boolean {
  // The signature, then the IHDR chunk every PNG starts with.
  return (
    bytes.length >= 24 &&
    startsWithAt(bytes, 0, pngSignature) &&
    startsWithAt(bytes, 12, pngHeaderChunk)
  )
}

export function isJpeg(bytes: Uint8Array): boolean {
  // Start-of-image marker followed by another marker (APPn, DQT, ...).
  return bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff
}

/** How much of each end of a file the PDF check reads. */
export const pdfProbeBytes = 1024

/**
 * "%PDF-" opens the file (within its first kilobyte, as readers allow) and "%%EOF" ends it
 * (within its last kilobyte: writers may add line ends or a little padding after it).
 * `head` and `tail` are the file's first and last kilobyte (the whole file when smaller).
 */
export function isPdfEnds(head: Uint8Array, tail: Uint8Array): boolean {
  return indexOf(head.subarray(0, pdfProbeBytes), pdfHeader) >= 0 && indexOf(tail, pdfEnd) >= 0
}

export function isPdf(bytes: Uint8Array): boolean {
  return isPdfEnds(bytes, bytes.subarray(Math.max(0, bytes.length - pdfProbeBytes)))
}

export type DocumentContentType = 'application/pdf' | 'image/jpeg' | 'image/png'

/** A compliance document's type by its bytes: PDF, JPEG or PNG, else undefined. */
export function documentContentType(
  head: Uint8Array,
  tail: Uint8Array = head,
): DocumentContentType | undefined {
  if (isPdfEnds(head, tail.subarray(Math.max(0, tail.length - pdfProbeBytes))))
    return 'application/pdf'
  if (isJpeg(head)) return 'image/jpeg'
  if (isPng(head)) return 'image/png'
  return undefined
}

/** The largest compliance document accepted: 10 MB, as the server's stored_files check says. */
export const maxDocumentBytes = 10 * 1024 * 1024
