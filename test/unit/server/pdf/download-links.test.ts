// The download link tokens of src/server/pdf/download-links.ts: a token reads back as the grant
// it was signed for while it lives, and not at all once expired, altered, cut, or checked with
// another key.
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { readDownloadToken, signDownloadToken } from '../../../../src/server/pdf/download-links.ts'

const key = randomBytes(32)
const now = Date.UTC(2026, 4, 4, 12)
const grant = { customerId: 1001, fileId: 120005, expiresAtSeconds: now / 1000 + 900 }

describe('download link tokens', () => {
  it('read back as their grant while they live, and fit the path pattern', () => {
    const token = signDownloadToken(key, grant)
    expect(token).toMatch(/^[A-Za-z0-9_-]{22,128}$/)
    expect(readDownloadToken(key, token, now)).toEqual(grant)
  })

  it('are refused once expired', () => {
    const token = signDownloadToken(key, grant)
    expect(readDownloadToken(key, token, grant.expiresAtSeconds * 1000)).toBeUndefined()
  })

  it('are refused when any byte changed, when cut, or under another key', () => {
    const token = signDownloadToken(key, grant)
    const bytes = Buffer.from(token, 'base64url')
    for (let index = 0; index < bytes.length; index++) {
      const altered = Buffer.from(bytes)
      altered[index] = (altered[index] ?? 0) ^ 1
      expect(readDownloadToken(key, altered.toString('base64url'), now)).toBeUndefined()
    }
    expect(readDownloadToken(key, token.slice(0, -2), now)).toBeUndefined()
    expect(readDownloadToken(randomBytes(32), token, now)).toBeUndefined()
    expect(readDownloadToken(key, 'not a token!', now)).toBeUndefined()
  })
})
