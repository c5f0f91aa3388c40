// The scrypt work factor: production's 2^15 unless the test runner asks for less, and a lower
// value outside the test runner stops the server rather than weakening stored passwords.
import { describe, expect, it } from 'vitest'
import {
  hashPassword,
  scryptLog2N,
  verifyPassword,
} from '../../../../src/server/auth/password-hash.ts'

describe('scryptLog2N', () => {
  it('is 15 when nothing is set', () => {
    expect(scryptLog2N({})).toBe(15)
  })
  it('takes a lower value under the test runner only', () => {
    expect(scryptLog2N({ PASSWORD_SCRYPT_LOG2_N: '10', VITEST: 'true' })).toBe(10)
    expect(() => scryptLog2N({ PASSWORD_SCRYPT_LOG2_N: '10' })).toThrow(/test suite only/)
  })
  it('takes a higher value anywhere and refuses what is no work factor', () => {
    expect(scryptLog2N({ PASSWORD_SCRYPT_LOG2_N: '17' })).toBe(17)
    for (const bad of ['9', '21', '12.5', 'fifteen'])
      expect(() => scryptLog2N({ PASSWORD_SCRYPT_LOG2_N: bad }), bad).toThrow(/10 to 20/)
  })
})

describe('a stored hash carries its own work factor', () => {
  it('checks a production-strength hash while the suite hashes with less', async () => {
    const mine = await hashPassword('Demo-2026!')
    expect(mine.split('$')[1]).toBe(String(2 ** 10))
    // Made at 2^15 with the salt and key below: the parameters come from the hash.
    const salt = Buffer.alloc(16, 7).toString('base64')
    const { scryptSync } = await import('node:crypto')
    const key = scryptSync('Demo-2026!', Buffer.alloc(16, 7), 32, {
      N: 2 ** 15,
      r: 8,
      p: 1,
      maxmem: 256 * 2 ** 15 * 8,
    }).toString('base64')
    const strong = ['scrypt', 2 ** 15, 8, 1, salt, key].join('$')
    expect(await verifyPassword('Demo-2026!', strong)).toBe(true)
    expect(await verifyPassword('Demo-2026?', strong)).toBe(false)
  })
})
