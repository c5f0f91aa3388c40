// The built-in identity provider's decision rule and run link (src/server/adapters/identity/
// built-in-identity.ts; README.md beside it): deterministic, from the files' SHA-256 alone.
import { describe, expect, it } from 'vitest'
import {
  decideRun,
  runPagePath,
  sameFileReason,
} from '../../../../../src/server/adapters/identity/built-in-identity.ts'

const sha = (c: string) => c.repeat(64)

describe('decideRun', () => {
  const cases: [string, { given: [string, string]; want: ReturnType<typeof decideRun> }][] = [
    [
      'two different files are approved',
      { given: [sha('a'), sha('b')], want: { outcome: 'approved' } },
    ],
    [
      'the same file as selfie and document is refused with the reason',
      { given: [sha('c'), sha('c')], want: { outcome: 'refused', reason: sameFileReason } },
    ],
  ]
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(decideRun(...given)).toEqual(want)
  })
})

describe('runPagePath', () => {
  it('is the portal route of product-spec section 2', () => {
    expect(runPagePath('0f8fad5b-d9cb-469f-a165-70867728950e', 'abc_-DEF')).toBe(
      '/identity-verification/0f8fad5b-d9cb-469f-a165-70867728950e/abc_-DEF',
    )
  })
})
