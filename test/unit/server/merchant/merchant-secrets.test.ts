// Sealed secrets (AES-256-GCM bound to what they belong to): what goes in comes out for the
// same merchant and purpose only, and tampering is detected; merchant keys are bound to both.
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  boundTo,
  newSigningSecret,
  secretHint,
  type SecretPurpose,
} from '../../../../src/server/merchant/merchant-secrets.ts'
import { openWith, sealWith } from '../../../../src/server/secrets/sealed-secret.ts'

const sealSecret = (k: Buffer, secret: string, purpose: SecretPurpose, customerId: number) =>
  sealWith(k, secret, boundTo(purpose, customerId))
const openSecret = (k: Buffer, sealed: string, purpose: SecretPurpose, customerId: number) =>
  openWith(k, sealed, boundTo(purpose, customerId))

const key = randomBytes(32)

describe('merchant signing keys', () => {
  it('are 32 random bytes in base64url, different each time', () => {
    const secrets = new Set(Array.from({ length: 50 }, () => newSigningSecret()))
    expect(secrets.size).toBe(50)
    for (const secret of secrets) {
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(Buffer.from(secret, 'base64url')).toHaveLength(32)
    }
  })

  it('show a hint of the last four characters only', () => {
    expect(secretHint('abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG')).toBe('****DEFG')
  })

  it('open for the purpose and merchant they were sealed for', () => {
    const secret = newSigningSecret()
    const sealed = sealSecret(key, secret, 'ipn', 1002)
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/)
    expect(sealed).not.toContain(secret)
    expect(openSecret(key, sealed, 'ipn', 1002)).toBe(secret)
    // A fresh IV each time: the same key seals differently.
    expect(sealSecret(key, secret, 'ipn', 1002)).not.toBe(sealed)
  })

  it.each([
    ['another merchant', (sealed: string) => openSecret(key, sealed, 'ipn', 1003)],
    ['another purpose', (sealed: string) => openSecret(key, sealed, 'pbn', 1002)],
    ['another sealing key', (sealed: string) => openSecret(randomBytes(32), sealed, 'ipn', 1002)],
    [
      'a changed ciphertext',
      (sealed: string) => {
        const [version, iv, body] = sealed.split('.') as [string, string, string]
        const bytes = Buffer.from(body, 'base64url')
        bytes[0] = (bytes[0] ?? 0) ^ 1
        return openSecret(key, `${version}.${iv}.${bytes.toString('base64url')}`, 'ipn', 1002)
      },
    ],
  ])('refuse to open for %s', (_, open) => {
    const sealed = sealSecret(key, newSigningSecret(), 'ipn', 1002)
    expect(() => open(sealed)).toThrow()
  })

  it('refuse a sealing key of the wrong length', () => {
    expect(() => sealSecret(randomBytes(16), 'x', 'pbn', 1)).toThrow(/32 bytes/)
  })
})
