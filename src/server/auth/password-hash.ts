// Passwords are hashed with scrypt, a memory-hard KDF (DESIGN.md section 7): N=2^15, r=8
// needs 32 MiB per hash, which makes large-scale guessing on stolen hashes expensive. A hash
// records its own parameters, so a stored hash is checked with the N it was made with.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/** The production work factor: log2 of scrypt's N. */
const productionLog2N = 15

/**
 * log2 N from PASSWORD_SCRYPT_LOG2_N. Only the test runner may go below production: the suite
 * signs in thousands of times, 0.1 s of CPU each at 2^15 (vite.config.ts sets 10 for it, as
 * the tests' captcha difficulty is low). Anywhere else a lower value stops the server.
 */
export function scryptLog2N(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PASSWORD_SCRYPT_LOG2_N
  if (raw === undefined || raw === '') return productionLog2N
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 10 || value > 20)
    throw new Error('PASSWORD_SCRYPT_LOG2_N must be an integer from 10 to 20')
  if (value < productionLog2N && env.VITEST === undefined)
    throw new Error(`PASSWORD_SCRYPT_LOG2_N below ${productionLog2N} is for the test suite only`)
  return value
}

let chosen: { N: number; r: number; p: number } | undefined

/** Read once, on the first hash: the test runner sets its value before any is made. */
function paramsNow() {
  chosen ??= { N: 2 ** scryptLog2N(), r: 8, p: 1 }
  return chosen
}
const keyLength = 32

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  const maxmem = 256 * (options.N ?? paramsNow().N) * (options.r ?? paramsNow().r)
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const params = paramsNow()
  const key = await derive(password, salt, params)
  return [
    'scrypt',
    params.N,
    params.r,
    params.p,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !key) return false
  const expected = Buffer.from(key, 'base64')
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  })
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/** Verifying against this when the user does not exist keeps the timing the same. */
export function unknownUserHash(): string {
  const salt = 'AAAAAAAAAAAAAAAAAAAAAA=='
  const key = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='
  return ['scrypt', paramsNow().N, 8, 1, salt, key].join('$')
}
