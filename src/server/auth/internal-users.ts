// Shared parts of the internal, server-to-server endpoints (product-spec section 6): path
// ids are checked here, since the dispatcher validates bodies, and the password sign-in of
// internalLogin counts failures like authLogin.
import { eq } from 'drizzle-orm'
import { users } from '../db/schema.ts'
import type { HandlerContext } from '../rpc/handler-context.ts'
import {
  type Answer,
  type Failure,
  refusal,
  refused,
  reply,
  restFailure,
  validationFailure,
} from '../rpc/outcome.ts'
import { unknownUserHash, verifyPassword } from './password-hash.ts'
import { blockedReply, checkPasswordCounted, recordAttempt } from './login-attempts.ts'

export const userNotFoundMessage = 'The user was not found or is no longer valid.'

/** A 32-bit id from a path, or undefined. */
export function pathId(text: string | undefined): number | undefined {
  if (!text || !/^[0-9]{1,10}$/.test(text)) return undefined
  const id = Number(text)
  return id >= 1 && id <= 2 ** 31 - 1 ? id : undefined
}

export type UserRow = typeof users.$inferSelect

/** The user of the userId path parameter, or the answer to give instead. */
export async function pathUser(context: HandlerContext): Promise<UserRow | Failure> {
  const userId = pathId(context.params.userId)
  if (userId === undefined) {
    return validationFailure([refusal('userId', 'refusal.request.notAnId')], 400)
  }
  const [user] = await context.db.select().from(users).where(eq(users.id, userId))
  return user ?? restFailure(404, { message: userNotFoundMessage })
}

export function isOutcome(value: UserRow | Failure): value is Failure {
  return 'status' in value && 'body' in value
}

/** Password sign-in for another server: the same history and blocking as authLogin. */
export async function internalSignIn(
  context: HandlerContext,
  input: { username: string; password: string },
): Promise<Answer<'internalLogin' | 'internalLoginLegacy'> | Failure> {
  const username = input.username.trim().toLowerCase()
  const [user] = await context.db.select().from(users).where(eq(users.username, username))
  const check = await checkPasswordCounted(context, user ? { userId: user.id } : { username }, () =>
    verifyPassword(input.password, user?.passwordHash ?? unknownUserHash()),
  )
  if (check.outcome !== 'right' || !user) {
    const unchecked = check.outcome === 'blocked' && !check.checked
    const reason = unchecked ? 'blocked (internal)' : 'wrong credentials (internal)'
    await recordAttempt(context, username, user?.id ?? null, false, reason)
    if (check.outcome === 'blocked') return blockedReply(check.retryAfterSeconds)
    return refused('answer.auth.wrongCredentials')
  }
  await recordAttempt(context, username, user.id, true, 'internal')
  return reply(200, await context.tokens.issue(user.id))
}
