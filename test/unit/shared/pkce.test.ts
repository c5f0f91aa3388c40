// PKCE S256 (RFC 7636; DESIGN.md section 11): the verifier's shape and the challenge's value.
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  base64Url,
  codeChallengePattern,
  codeChallengeS256,
  createCodeVerifier,
  verifierAlphabet,
} from '../../../src/shared/pkce.ts'

/** RFC 3986 section 2.3: ALPHA / DIGIT / "-" / "." / "_" / "~". */
const unreserved = new Set(
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~'.split(''),
)

describe('createCodeVerifier', () => {
  it('makes 128 characters, all unreserved', () => {
    const verifier = createCodeVerifier()
    expect(verifier).toHaveLength(128)
    expect([...verifier].filter((char) => !unreserved.has(char))).toEqual([])
  })

  it('draws on exactly the 66 unreserved characters, every one of them', () => {
    expect(new Set(verifierAlphabet.split(''))).toEqual(unreserved)
    expect(verifierAlphabet).toHaveLength(66)
    // 64 verifiers hold 8,192 characters, about 124 of each; a missing one means a bias.
    const seen = new Set(Array.from({ length: 64 }, () => createCodeVerifier()).join(''))
    expect(seen).toEqual(unreserved)
  })

  it('makes a different verifier each time', () => {
    const verifiers = new Set(Array.from({ length: 20 }, () => createCodeVerifier()))
    expect(verifiers.size).toBe(20)
  })

  const lengths: [string, { given: number; want: number }][] = [
    ['the shortest RFC 7636 allows', { given: 43, want: 43 }],
    ['a length between', { given: 64, want: 64 }],
  ]
  it.each(lengths)('honours a requested length: %s', (_name, { given, want }) => {
    const verifier = createCodeVerifier(given)
    expect(verifier).toHaveLength(want)
    expect(codeChallengePattern.test(verifier)).toBe(true)
  })
})

describe('codeChallengeS256', () => {
  const cases: [string, { given: string; want: string }][] = [
    // The pair printed in RFC 7636 appendix B (also what `openssl dgst -sha256` gives).
    [
      'RFC 7636 appendix B',
      {
        given: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
        want: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      },
    ],
  ]
  it.each(cases)('matches %s', async (_name, { given, want }) => {
    expect(await codeChallengeS256(given)).toBe(want)
  })

  it('agrees with node:crypto for a fresh verifier', async () => {
    const verifier = createCodeVerifier()
    const want = createHash('sha256').update(verifier).digest('base64url')
    expect(await codeChallengeS256(verifier)).toBe(want)
  })

  it('gives 43 base64url characters without padding, which the server pattern accepts', async () => {
    const challenge = await codeChallengeS256(createCodeVerifier())
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(codeChallengePattern.test(challenge)).toBe(true)
  })
})

describe('base64Url', () => {
  const cases: [string, { given: number[]; want: string }][] = [
    ['no bytes', { given: [], want: '' }],
    ['+ and / become - and _, padding is dropped', { given: [0xfb, 0xff], want: '-_8' }],
    ['three bytes need no padding', { given: [0x4d, 0x61, 0x6e], want: 'TWFu' }],
  ]
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(base64Url(new Uint8Array(given))).toBe(want)
  })
})

describe('codeChallengePattern', () => {
  const cases: [string, { given: string; want: boolean }][] = [
    ['a 42-character value is too short', { given: 'a'.repeat(42), want: false }],
    ['43 characters is the minimum', { given: 'a'.repeat(43), want: true }],
    ['128 characters is the maximum', { given: 'a'.repeat(128), want: true }],
    ['129 characters is too long', { given: 'a'.repeat(129), want: false }],
    ['a reserved character is refused', { given: `${'a'.repeat(42)}+`, want: false }],
    ['padding is refused', { given: `${'a'.repeat(42)}=`, want: false }],
  ]
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(codeChallengePattern.test(given)).toBe(want)
  })
})
