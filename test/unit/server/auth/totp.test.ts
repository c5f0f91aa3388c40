// TOTP against the test vectors of RFC 6238 appendix B (SHA-1, key "12345678901234567890"),
// which are eight digits; the six-digit codes are their last six.
import { describe, expect, it } from 'vitest'
import {
  base32Decode,
  base32Encode,
  otpauthUri,
  totpAt,
  verifyTotp,
} from '../../../../src/server/auth/totp.ts'

const secret = base32Encode(Buffer.from('12345678901234567890'))

describe('totp', () => {
  const vectors: [string, { given: number; want: string }][] = [
    ['59 s', { given: 59, want: '287082' }],
    ['1111111109 s', { given: 1111111109, want: '081804' }],
    ['1111111111 s', { given: 1111111111, want: '050471' }],
    ['1234567890 s', { given: 1234567890, want: '005924' }],
    ['2000000000 s', { given: 2000000000, want: '279037' }],
    ['20000000000 s', { given: 20000000000, want: '353130' }],
  ]
  it.each(vectors)('gives the RFC 6238 code at %s', (_name, { given, want }) => {
    expect(totpAt(secret, given * 1000)).toBe(want)
  })

  it('accepts one step of drift either way, and no more', () => {
    const now = 1111111111_000
    expect(verifyTotp(secret, totpAt(secret, now - 30_000), now)).toBe(true)
    expect(verifyTotp(secret, totpAt(secret, now + 30_000), now)).toBe(true)
    expect(verifyTotp(secret, totpAt(secret, now - 60_000), now)).toBe(false)
    expect(verifyTotp(secret, '12345', now)).toBe(false)
  })

  it('round-trips base32 and writes the enrolment URI', () => {
    expect(base32Decode(secret).toString()).toBe('12345678901234567890')
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ')
    const uri = new URL(otpauthUri('Nova', 'a@b.example', secret))
    expect(uri.protocol).toBe('otpauth:')
    expect(uri.searchParams.get('secret')).toBe(secret)
    expect(uri.searchParams.get('issuer')).toBe('Nova')
  })
})
