// What an uploaded file is, decided by its bytes and never by the name or type the client
// sent (DESIGN.md section 11). Shared by logo uploads and compliance documents.

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const pngHeaderChunk = Buffer.from('IHDR', 'latin1')

export function isPng(bytes: Buffer): boolean {
  // The signature, then the IHDR chunk every PNG starts with.
  return (
    bytes.length >= 24 &&
    bytes.subarray(0, 8).equals(pngSignature) &&
    bytes.subarray(12, 16).equals(pngHeaderChunk)
  )
}

export function isJpeg(bytes: Buffer): boolean {
  // Start-of-image marker followed by another marker (APPn, DQT, ...).
  return bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff
}

const pdfHeader = Buffer.from('%PDF-', 'latin1')
const pdfEnd = Buffer.from('%%EOF', 'latin1')

export function isPdf(bytes: Buffer): boolean {
  // "%PDF-1.x" opens the file (within its first kilobyte, as readers allow) and "%%EOF" ends
  // it (within its last kilobyte: writers may add line ends or a little padding after it).
  const head = bytes.subarray(0, 1024).indexOf(pdfHeader)
  return head >= 0 && bytes.subarray(Math.max(0, bytes.length - 1024)).includes(pdfEnd)
}

const pdfEncrypt = Buffer.from('/Encrypt', 'latin1')

/**
 * A password-protected PDF: its trailer names an encryption dictionary (/Encrypt), which a
 * reader needs the password for (product-spec section 3: documents with passwords).
 */
export function isProtectedPdf(bytes: Buffer): boolean {
  return isPdf(bytes) && bytes.includes(pdfEncrypt)
}

/** The bytes of an uploaded file: a Buffer from multipart, or base64 text from the JSON form. */
export function uploadedBytes(data: unknown): Buffer | undefined {
  if (Buffer.isBuffer(data)) return data
  if (typeof data !== 'string') return undefined
  if (data.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(data)) return undefined
  return Buffer.from(data, 'base64')
}
