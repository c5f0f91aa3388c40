// What an uploaded file is, decided by its bytes (src/shared/file-signatures.ts), and the bytes
// of an uploaded part. Shared by logo uploads and compliance documents.
import { isPdf } from '../../shared/file-signatures.ts'

export { isJpeg, isPdf, isPng } from '../../shared/file-signatures.ts'

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
