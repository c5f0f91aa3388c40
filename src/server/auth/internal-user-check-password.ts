// POST /users/{userId}/check-password: answers whether a password is right; wrong answers
// count towards the sign-in block, and a blocked user gets 429.
import type { Handler } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { verifyPassword } from './password-hash.ts'
import { blockedMessage, clearFailures, countFailure, recordAttempt } from './login-attempts.ts'
import { isOutcome, pathUser } from './internal-users.ts'

export const handler: Handler<'internalUserCheckPassword'> = async (context, input) => {
  const user = await pathUser(context)
  if (isOutcome(user)) return user
  if (user.blockedUntil && user.blockedUntil > new Date()) {
    return reply(429, { message: blockedMessage })
  }
  const result = await verifyPassword(input.password, user.passwordHash)
  await recordAttempt(context, user.username, user.id, result, 'password check (internal)')
  if (result) await clearFailures(context.db, user.id)
  else if (await countFailure(context.db, user.id)) return reply(429, { message: blockedMessage })
  return reply(200, { result })
}
