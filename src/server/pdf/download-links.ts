// Links to the PDFs the server produced for a customer (pdfDownload, spec/services.yaml). The
// browser opens such a link without the bearer token, so the link is the credential: it names
// the stored file and the customer it belongs to and expires 15 minutes after it was made, and
// an HMAC-SHA-256 under a server key (secrets/hmac-key.ts) binds the three. Only a handler
// that checked the caller's right on the customer makes one; pdfDownload serves the file only
// when the MAC holds, the link is live and the file is still that customer's.
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Db } from '../db/open-database.ts'
import { hmacKey } from '../secrets/hmac-key.ts'

const keyName = 'pdf-download-link-hmac-sha256'
const version = 1
const payloadBytes = 13
const macBytes = 32

/** How long a link lives: long enough to open it, short enough that a leaked one soon dies. */
export const downloadLinkLifetimeMs = 15 * 60_000

/** The path pdfDownload serves, relative to the portal's origin. */
export const downloadPathPrefix = '/pdf/api/files/'

export interface DownloadGrant {
  customerId: number
  fileId: number
  /** Unix seconds after which the link is refused. */
  expiresAtSeconds: number
}

function mac(key: Buffer, payload: Buffer): Buffer {
  return createHmac('sha256', key).update(payload).digest()
}

/** The token of a grant: version, file, customer and expiry, then their MAC; base64url. */
export function signDownloadToken(key: Buffer, grant: DownloadGrant): string {
  const payload = Buffer.alloc(payloadBytes)
  payload.writeUInt8(version, 0)
  payload.writeUInt32BE(grant.fileId, 1)
  payload.writeUInt32BE(grant.customerId, 5)
  payload.writeUInt32BE(grant.expiresAtSeconds, 9)
  return Buffer.concat([payload, mac(key, payload)]).toString('base64url')
}

/** The grant a token carries, when its MAC holds and it has not expired; else undefined. */
export function readDownloadToken(
  key: Buffer,
  token: string,
  nowMs: number,
): DownloadGrant | undefined {
  if (!/^[A-Za-z0-9_-]{22,128}$/.test(token)) return undefined
  const bytes = Buffer.from(token, 'base64url')
  if (bytes.length !== payloadBytes + macBytes) return undefined
  const payload = bytes.subarray(0, payloadBytes)
  if (!timingSafeEqual(bytes.subarray(payloadBytes), mac(key, payload))) return undefined
  if (payload.readUInt8(0) !== version) return undefined
  const grant = {
    fileId: payload.readUInt32BE(1),
    customerId: payload.readUInt32BE(5),
    expiresAtSeconds: payload.readUInt32BE(9),
  }
  return grant.expiresAtSeconds * 1000 > nowMs ? grant : undefined
}

export function downloadLinkKey(db: Db): Promise<Buffer> {
  return hmacKey(db, keyName)
}

/** A link to one of the customer's stored PDFs, live for downloadLinkLifetimeMs. */
export async function downloadLink(
  db: Db,
  customerId: number,
  fileId: number,
  nowMs = Date.now(),
): Promise<string> {
  const expiresAtSeconds = Math.floor((nowMs + downloadLinkLifetimeMs) / 1000)
  const token = signDownloadToken(await downloadLinkKey(db), {
    customerId,
    fileId,
    expiresAtSeconds,
  })
  return `${downloadPathPrefix}${token}`
}
