// TOTP (RFC 6238) over HOTP (RFC 4226) with node:crypto: HMAC-SHA1, 30-second steps, six
// digits, the parameters every authenticator app reads from an otpauth:// URI. One step of
// clock drift either way is accepted, as RFC 6238 section 5.2 recommends.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
export const totpStepSeconds = 30
export const totpDigits = 6

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += base32Alphabet[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += base32Alphabet[(value << (5 - bits)) & 31]
  return out
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, '').toUpperCase()
  let bits = 0
  let value = 0
  const out: number[] = []
  for (const char of clean) {
    const index = base32Alphabet.indexOf(char)
    if (index < 0) throw new Error('assertion: a TOTP secret is base32')
    value = (value << 5) | index
    bits += 5
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255)
      bits -= 8
    }
  }
  return Buffer.from(out)
}

/** A new 160-bit secret, base32 (RFC 4226 section 4 recommends 160 bits). */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20))
}

export function hotp(secret: Buffer, counter: number): string {
  const message = Buffer.alloc(8)
  message.writeBigUInt64BE(BigInt(counter))
  const digest = createHmac('sha1', secret).update(message).digest()
  const offset = (digest[digest.length - 1] ?? 0) & 15
  const binary = digest.readUInt32BE(offset) & 0x7fffffff
  return String(binary % 10 ** totpDigits).padStart(totpDigits, '0')
}

export function totpAt(secretBase32: string, timeMs: number): string {
  return hotp(base32Decode(secretBase32), Math.floor(timeMs / 1000 / totpStepSeconds))
}

/** True when the code matches the current step or one step either side. */
export function verifyTotp(secretBase32: string, code: string, timeMs = Date.now()): boolean {
  const secret = base32Decode(secretBase32)
  const step = Math.floor(timeMs / 1000 / totpStepSeconds)
  const given = Buffer.from(code)
  return [step - 1, step, step + 1].some((counter) => {
    const expected = Buffer.from(hotp(secret, counter))
    return expected.length === given.length && timingSafeEqual(expected, given)
  })
}

/** The enrolment URI the portal shows as a QR code (Key Uri Format of Google Authenticator). */
export function otpauthUri(issuer: string, account: string, secretBase32: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`)
  const query = new URLSearchParams({
    secret: secretBase32,
    issuer,
    algorithm: 'SHA1',
    digits: String(totpDigits),
    period: String(totpStepSeconds),
  })
  return `otpauth://totp/${label}?${query.toString()}`
}
