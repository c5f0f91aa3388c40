// POST /auth/token: exchanges a sign-in code and its PKCE verifier (S256 only) for tokens.
import { and, eq, isNull, sql } from 'drizzle-orm'
import { timingSafeEqual } from 'node:crypto'
import { codeChallengeS256 } from '../../shared/pkce.ts'
import { authCodes } from '../db/schema.ts'
import type { Handler } from '../rpc/handler-context.ts'
import { refused, reply, validationFailure } from '../rpc/outcome.ts'
import { blockedMessage, maxFailedAttempts } from './login-attempts.ts'
import { sha256 } from './tokens.ts'

export const invalidCodeMessage =
  'The sign-in code is invalid or has expired. Please sign in again.'

export const handler: Handler<'authToken'> = async (context, input) => {
  if (input.code === undefined || input.codeVerifier === undefined) {
    // OTP, device-secret and tmpJwt exchanges arrive with the flows that issue them.
    return validationFailure([{ parameter: 'code', description: 'is required' }], 400)
  }
  const codeHash = sha256(input.code)
  const [row] = await context.db.select().from(authCodes).where(eq(authCodes.codeHash, codeHash))
  if (row && row.failedAttempts >= maxFailedAttempts) {
    return reply(429, { message: blockedMessage })
  }
  if (!row || row.usedAt || row.expiresAt <= new Date()) return refused(invalidCodeMessage)
  const expected = Buffer.from(row.codeChallenge)
  const actual = Buffer.from(await codeChallengeS256(input.codeVerifier))
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
    await context.db
      .update(authCodes)
      .set({ failedAttempts: sql`${authCodes.failedAttempts} + 1` })
      .where(eq(authCodes.codeHash, codeHash))
    return refused('The code verifier does not match the code challenge.')
  }
  const spent = await context.db
    .update(authCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(authCodes.codeHash, codeHash), isNull(authCodes.usedAt)))
    .returning({ userId: authCodes.userId })
  if (spent.length === 0) return refused(invalidCodeMessage)
  return reply(200, await context.tokens.issue(row.userId))
}
