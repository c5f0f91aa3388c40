// POST /users/{userId}/check-password: answers whether a password is right; wrong answers
// count towards the sign-in block, and a blocked user gets 429.
import type { Handler } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { verifyPassword } from './password-hash.ts'
import { blockedMessage, checkPasswordCounted, recordAttempt } from './login-attempts.ts'
import { isOutcome, pathUser } from './internal-users.ts'

export const handler: Handler<'internalUserCheckPassword'> = async (context, input) => {
  const user = await pathUser(context)
  if (isOutcome(user)) return user
  const check = await checkPasswordCounted(context, { userId: user.id }, () =>
    verifyPassword(input.password, user.passwordHash),
  )
  if (check.outcome === 'blocked' && !check.checked) {
    return reply(429, { message: blockedMessage })
  }
  const result = check.outcome === 'right'
  await recordAttempt(context, user.username, user.id, result, 'password check (internal)')
  if (check.outcome === 'blocked') return reply(429, { message: blockedMessage })
  return reply(200, { result })
}
