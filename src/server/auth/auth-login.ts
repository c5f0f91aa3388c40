// POST /auth/login: the first sign-in step (product-spec sections 3, 4 and 7). The password
// is checked the same way whether or not the user exists, every attempt goes to the login
// history, and five failures in a row block the step, for unknown usernames too, so the
// answers never reveal whether an account exists; attempts sent together are counted one by
// one (login-attempts.ts). Then the IP whitelist, a pending activation and a migration to
// push two-factor are checked, and the user's flow starts.
import { and, eq, like } from 'drizzle-orm'
import { users } from '../db/schema.ts'
import { accountCodes } from '../db/schema-auth.ts'
import type { Handler, HandlerContext } from '../rpc/handler-context.ts'
import { refused, reply, type Answer, type Failure } from '../rpc/outcome.ts'
import type { components } from '../../generated/api.d.ts'
import { unknownUserHash, verifyPassword } from './password-hash.ts'
import { blockedReply, checkPasswordCounted, recordAttempt } from './login-attempts.ts'
import { ipAllowed } from './ip-allowed.ts'
import { daysLeft, factorsOf } from './factors.ts'
import { approvedDevicesOf, deviceView } from './devices.ts'
import { startFlow, type LoginUser } from './login-flows.ts'

export const handler: Handler<'authLogin'> = async (context, input) => {
  const username = input.username.trim().toLowerCase()
  const [user] = await context.db.select().from(users).where(eq(users.username, username))
  const check = await checkPasswordCounted(context, user ? { userId: user.id } : { username }, () =>
    verifyPassword(input.password, user?.passwordHash ?? unknownUserHash()),
  )
  if (check.outcome !== 'right' || !user) {
    const reason = check.outcome === 'blocked' && !check.checked ? 'blocked' : 'wrong credentials'
    await recordAttempt(context, username, user?.id ?? null, false, reason)
    if (check.outcome === 'blocked') return blockedReply(check.retryAfterSeconds)
    return refused('answer.auth.wrongCredentials')
  }
  if (!(await ipAllowed(context.db, user.customerId, context.ip))) {
    await recordAttempt(context, username, user.id, false, 'address not whitelisted')
    return refused('answer.auth.ipRefused', { ip: context.ip })
  }
  if (await activationPending(context, user.id)) {
    await recordAttempt(context, username, user.id, false, 'not activated')
    return refused('answer.auth.notActivated')
  }
  const outcome = await withMigration(context, user, input.codeChallenge)
  const ok = outcome.status === 200
  await recordAttempt(context, username, user.id, ok, ok ? '' : 'second factor unavailable')
  return outcome
}

/** Activation pending: the account has activation codes and none of them was used yet. */
async function activationPending(context: HandlerContext, userId: number): Promise<boolean> {
  const rows = await context.db
    .select({ usedAt: accountCodes.usedAt })
    .from(accountCodes)
    .where(and(eq(accountCodes.userId, userId), like(accountCodes.purpose, 'activation%')))
  return rows.length > 0 && rows.every((row) => row.usedAt === null)
}

/**
 * Soft migration: the flow goes on and the answer adds the migration with the days left.
 * Strict (or a soft one past its deadline): no code, only a tmpJwt to link a device with;
 * once a device is approved the user signs in again with push (product-spec section 4).
 */
async function withMigration(
  context: HandlerContext,
  user: LoginUser,
  codeChallenge: string,
): Promise<Answer<'authLogin'> | Failure> {
  const factors = await factorsOf(context.db, user.id)
  if (factors.migration === 'none') return startFlow(context, user, codeChallenge)
  const devices = await approvedDevicesOf(context.db, user.id)
  const tmpJwt = await context.tokens.issueTemporary(user.id)
  const left = daysLeft(factors.migrationDeadline)
  const migration: NonNullable<components['schemas']['LoginResponse']['migration']> = {
    req: factors.migration === 'soft' && left > 0 ? 'soft' : 'strict',
    daysLeft: factors.migration === 'soft' ? left : 0,
    devices: devices.map(deviceView),
    tmpJwt,
    strat: devices.length > 0 ? 'migrate' : 'enable',
  }
  if (migration.req === 'strict') {
    return reply(200, { authFlow: 'verifyDevice', userId: user.id, tmpJwt, migration })
  }
  const outcome = await startFlow(context, user, codeChallenge)
  if (outcome.status !== 200) return outcome
  // The flow's LoginResponse with the migration added: still authLogin's answer.
  return { ...outcome, body: { ...(outcome.body as object), migration } } as Answer<'authLogin'>
}
