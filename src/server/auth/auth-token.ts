// POST /auth/token: the second sign-in step (product-spec sections 3 and 4). A code with its
// PKCE verifier (S256 only) completes every flow, with what the flow adds: the authenticator
// OTP (otp), the SMS code (sms, in the same otp field), the linked device's grant (push) or a
// device approved since the sign-in began (verifyDevice). An approved device may instead
// exchange its own secret. Five wrong tries of one code block it with 429: each try is counted
// before its checks, so tries sent together get at most five checks (issue 11).
import { and, eq, gte, isNull, lt, sql } from 'drizzle-orm'
import { timingSafeEqual } from 'node:crypto'
import { codeChallengeS256 } from '../../shared/pkce.ts'
import { users } from '../db/schema.ts'
import { authDevices, loginChallenges } from '../db/schema-auth.ts'
import type { Handler, HandlerContext } from '../rpc/handler-context.ts'
import {
  type AnswerKey,
  type Answer,
  type Failure,
  refusal,
  refused,
  reply,
  validationFailure,
} from '../rpc/outcome.ts'
import { blockedReply, maxFailedAttempts, recordAttempt, secondsUntil } from './login-attempts.ts'
import { deviceFamilyId, sha256 } from './tokens.ts'
import { factorsOf, totpSecretOf } from './factors.ts'
import { verifyTotp } from './totp.ts'
import { smsCodeHash } from './login-flows.ts'
import { ipAllowed } from './ip-allowed.ts'

type Challenge = typeof loginChallenges.$inferSelect

export const handler: Handler<'authToken'> = async (context, input) => {
  if (input.code === undefined && input.secret !== undefined) {
    return deviceExchange(context, input.secret)
  }
  if (input.code === undefined || input.codeVerifier === undefined) {
    return validationFailure([refusal('code', 'refusal.validation.required')], 400)
  }
  const codeHash = sha256(input.code)
  const [row] = await context.db
    .select()
    .from(loginChallenges)
    .where(eq(loginChallenges.codeHash, codeHash))
  if (row && row.failedAttempts >= maxFailedAttempts) return codeBlocked(row)
  if (!row || row.usedAt || row.expiresAt <= new Date()) return refused('answer.auth.invalidCode')
  if (!(await reserveTry(context, codeHash))) return codeBlocked(row)
  const expected = Buffer.from(row.codeChallenge)
  const actual = Buffer.from(await codeChallengeS256(input.codeVerifier))
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
    return wrongTry(context, row, 'answer.auth.verifierMismatch')
  }
  const denied = await secondFactorRefusal(context, row, input.otp)
  if (denied === wrongCode) return wrongTry(context, row, 'answer.auth.wrongOtp')
  if (denied) {
    // A try that guessed nothing (a push still waiting, a missing otp) gives its count back;
    // a right one keeps it, and spends the challenge.
    await releaseTry(context, codeHash)
    return denied
  }
  const spent = await context.db
    .update(loginChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(loginChallenges.codeHash, codeHash), isNull(loginChallenges.usedAt)))
    .returning({ userId: loginChallenges.userId })
  if (spent.length === 0) return refused('answer.auth.invalidCode')
  return reply(200, await context.tokens.issue(row.userId))
}

const wrongCode = 'wrongCode'

/** Why the flow's second factor does not let the sign-in finish, or undefined. */
async function secondFactorRefusal(
  context: HandlerContext,
  row: Challenge,
  otp: string | undefined,
): Promise<Failure | typeof wrongCode | undefined> {
  if (row.flow === 'otp' || row.flow === 'sms') {
    if (otp === undefined) {
      return validationFailure([refusal('otp', 'refusal.validation.required')], 400)
    }
    const right =
      row.flow === 'otp' ? await totpRight(context, row.userId, otp) : smsRight(row, otp)
    return right ? undefined : wrongCode
  }
  if (row.flow === 'push') {
    if (row.decision === 'granted') return undefined
    if (row.decision === 'refused') {
      return row.decisionReason
        ? refused('answer.auth.pushRefusedReason', { reason: row.decisionReason })
        : refused('answer.auth.pushRefused')
    }
    return refused('answer.auth.pushPending')
  }
  if (row.flow === 'verifyDevice') {
    const [device] = await context.db
      .select({ id: authDevices.id })
      .from(authDevices)
      .where(
        and(
          eq(authDevices.userId, row.userId),
          eq(authDevices.status, 'approved'),
          isNull(authDevices.deletedAt),
          gte(authDevices.approvedAt, row.createdAt),
        ),
      )
      .limit(1)
    return device ? undefined : refused('answer.auth.deviceNeeded')
  }
  return undefined
}

async function totpRight(context: HandlerContext, userId: number, otp: string): Promise<boolean> {
  const secret = await totpSecretOf(context.db, await factorsOf(context.db, userId))
  return secret !== undefined && verifyTotp(secret, otp)
}

function smsRight(row: Challenge, otp: string): boolean {
  if (!row.smsCodeHash) return false
  const given = Buffer.from(smsCodeHash(row.codeHash, otp))
  const expected = Buffer.from(row.smsCodeHash)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/**
 * Counts a try before its checks: false when the challenge had its five already (the count
 * never passes five, so each of the tries sent together gets its own number or none).
 */
async function reserveTry(context: HandlerContext, codeHash: string): Promise<boolean> {
  const reserved = await context.db
    .update(loginChallenges)
    .set({ failedAttempts: sql`${loginChallenges.failedAttempts} + 1` })
    .where(
      and(
        eq(loginChallenges.codeHash, codeHash),
        lt(loginChallenges.failedAttempts, maxFailedAttempts),
      ),
    )
    .returning({ failedAttempts: loginChallenges.failedAttempts })
  return reserved.length === 1
}

async function releaseTry(context: HandlerContext, codeHash: string): Promise<void> {
  await context.db
    .update(loginChallenges)
    .set({ failedAttempts: sql`greatest(${loginChallenges.failedAttempts} - 1, 0)` })
    .where(eq(loginChallenges.codeHash, codeHash))
}

/** The 429 of a challenge out of tries; it lives until it expires. */
function codeBlocked(row: Challenge): Failure {
  return blockedReply(Math.max(1, secondsUntil(row.expiresAt)))
}

/** A wrong verifier or code stays counted against the challenge and goes to the history. */
async function wrongTry(context: HandlerContext, row: Challenge, message: AnswerKey) {
  const [user] = await context.db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, row.userId))
  await recordAttempt(context, user?.username ?? '', row.userId, false, `wrong ${row.flow} code`)
  return refused(message)
}

/** An approved device signs in with its secret; the tokens name the device. */
async function deviceExchange(
  context: HandlerContext,
  secret: string,
): Promise<Answer<'authToken'> | Failure> {
  const [device] = await context.db
    .select()
    .from(authDevices)
    .where(and(eq(authDevices.secretHash, sha256(secret)), isNull(authDevices.deletedAt)))
  if (!device || device.status !== 'approved') return refused('answer.auth.invalidCode')
  const [user] = await context.db.select().from(users).where(eq(users.id, device.userId))
  if (!user) throw new Error('assertion: a device belongs to a user')
  if (!(await ipAllowed(context.db, user.customerId, context.ip))) {
    return refused('answer.auth.ipRefused', { ip: context.ip })
  }
  await context.db
    .update(authDevices)
    .set({ lastActivityAt: new Date() })
    .where(eq(authDevices.id, device.id))
  return reply(200, await context.tokens.issue(device.userId, deviceFamilyId(device.id)))
}
