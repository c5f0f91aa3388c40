// POST /auth/login: the first sign-in step (product-spec sections 3, 4 and 7).
import { eq } from 'drizzle-orm'
import { users, authCodes } from '../db/schema.ts'
import type { Handler } from '../rpc/handler-context.ts'
import { refused, reply } from '../rpc/outcome.ts'
import { unknownUserHash, verifyPassword } from './password-hash.ts'
import { randomToken, sha256 } from './tokens.ts'
import {
  blockedMessage,
  clearFailures,
  countFailure,
  recordAttempt,
  secondsUntil,
} from './login-attempts.ts'

export const wrongCredentialsMessage = 'Invalid username or password.'
const codeTtlMs = 60_000

export const handler: Handler<'authLogin'> = async (context, input) => {
  const username = input.username.trim().toLowerCase()
  const [user] = await context.db.select().from(users).where(eq(users.username, username))
  if (user?.blockedUntil && user.blockedUntil > new Date()) {
    await recordAttempt(context, username, user.id, false, 'blocked')
    return reply(429, {
      message: blockedMessage,
      retryAfterSeconds: secondsUntil(user.blockedUntil),
    })
  }
  if (user?.blockedUntil && user.failedAttempts > 0) {
    // The block has run out: the next attempts start a fresh count.
    await clearFailures(context.db, user.id)
    user.failedAttempts = 0
  }
  const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? unknownUserHash)
  if (!user || !passwordOk) {
    await recordAttempt(context, username, user?.id ?? null, false, 'wrong credentials')
    if (user && (await countFailure(context.db, user.id))) {
      return reply(429, { message: blockedMessage, retryAfterSeconds: 15 * 60 })
    }
    return refused(wrongCredentialsMessage)
  }
  await clearFailures(context.db, user.id)
  await recordAttempt(context, username, user.id, true)
  if (user.loginFlow === 'simple') {
    const tokens = await context.tokens.issue(user.id)
    return reply(200, { authFlow: 'simple', userId: user.id, ...tokens })
  }
  // Every other flow ends in the PKCE exchange at /auth/token with the verifier.
  const code = randomToken()
  await context.db.insert(authCodes).values({
    codeHash: sha256(code),
    userId: user.id,
    codeChallenge: input.codeChallenge,
    expiresAt: new Date(Date.now() + codeTtlMs),
  })
  return reply(200, { authFlow: 'direct', code, userId: user.id })
}
