// What an uploaded file is, decided by its bytes (src/shared/file-signatures.ts), and the bytes
// of an uploaded part. Shared by logo uploads and compliance documents.
export { isJpeg, isPdf, isPng } from '../../shared/file-signatures.ts'

/** The bytes of an uploaded file: a Buffer from multipart, or base64 text from the JSON form. */
export function uploadedBytes(data: unknown): Buffer | undefined {
  if (Buffer.isBuffer(data)) return data
  if (typeof data !== 'string') return undefined
  if (data.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(data)) return undefined
  return Buffer.from(data, 'base64')
}
