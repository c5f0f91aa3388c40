// The two-step verification change of the token service (product-spec sections 6 and 7):
// POST /customer/two-step-verification asks, .../{reqId}/confirm applies. The code is the
// authenticator's TOTP when the new mode is otp (a new authenticator is enrolled with the
// otpauth:// URI of the answer), otherwise a six-digit code sent by SMS to the confirmed
// phone or by e-mail. Five wrong codes cancel the request (DESIGN.md section 11); each try is
// counted before the code is checked, so tries sent together get at most five checks.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { twoStepRequests } from '../db/schema-auth.ts'
import { maxFailedAttempts } from './login-attempts.ts'
import { openTotpSecret } from './factors.ts'
import { verifyTotp } from './totp.ts'

export type TwoStepRequestRow = typeof twoStepRequests.$inferSelect
export const requestLifetimeMs = 10 * 60 * 1000

export function requestId(reqId: string): string {
  return createHash('sha256').update(reqId).digest('base64url')
}

export function requestCodeHash(reqId: string, code: string): string {
  return createHash('sha256').update(`${reqId}:${code}`).digest('base64url')
}

export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

/** Sign-in flow of each login two-step mode ("no" means off: the PKCE code alone). */
export const loginFlowOfMode: Record<string, string> = {
  no: 'direct',
  otp: 'otp',
  sms: 'sms',
  push: 'push',
}

function pending(id: string, userId: number) {
  return and(
    eq(twoStepRequests.id, id),
    eq(twoStepRequests.userId, userId),
    isNull(twoStepRequests.confirmedAt),
    isNull(twoStepRequests.canceledAt),
    gt(twoStepRequests.expiresAt, sql`now()`),
  )
}

export type Redemption =
  | { outcome: 'confirmed'; row: TwoStepRequestRow; totpSecret?: string }
  | { outcome: 'wrongCode'; attemptsLeft: number }
  | { outcome: 'blocked' }
  | { outcome: 'notFound' }

/** Checks the code inside the caller's transaction; a right one spends the request. */
export async function redeem(
  tx: Db,
  userId: number,
  reqId: string,
  code: string,
  currentTotpSecret: string | undefined,
): Promise<Redemption> {
  const id = requestId(reqId)
  const [row] = await tx.select().from(twoStepRequests).where(eq(twoStepRequests.id, id))
  if (!row || row.userId !== userId) return { outcome: 'notFound' }
  if (row.failedAttempts >= maxFailedAttempts) return { outcome: 'blocked' }
  const [live] = await tx.select().from(twoStepRequests).where(pending(id, userId))
  if (!live) return { outcome: 'notFound' }
  const [reserved] = await tx
    .update(twoStepRequests)
    .set({ failedAttempts: sql`${twoStepRequests.failedAttempts} + 1` })
    .where(and(eq(twoStepRequests.id, id), lt(twoStepRequests.failedAttempts, maxFailedAttempts)))
    .returning({ failed: twoStepRequests.failedAttempts })
  if (!reserved) return { outcome: 'blocked' }
  let right: boolean
  let totpSecret: string | undefined
  if (live.codeHash) {
    const given = Buffer.from(requestCodeHash(reqId, code))
    const expected = Buffer.from(live.codeHash)
    right = given.length === expected.length && timingSafeEqual(given, expected)
  } else {
    totpSecret = live.totpSecretSealed
      ? await openTotpSecret(tx, userId, live.totpSecretSealed)
      : currentTotpSecret
    right = totpSecret !== undefined && verifyTotp(totpSecret, code)
  }
  if (right) {
    const [spent] = await tx
      .update(twoStepRequests)
      .set({ confirmedAt: new Date() })
      .where(pending(id, userId))
      .returning()
    if (!spent) return { outcome: 'notFound' }
    return totpSecret
      ? { outcome: 'confirmed', row: spent, totpSecret }
      : { outcome: 'confirmed', row: spent }
  }
  // The try was counted before the check; a right code spends the request instead.
  const attemptsLeft = maxFailedAttempts - reserved.failed
  return attemptsLeft > 0 ? { outcome: 'wrongCode', attemptsLeft } : { outcome: 'blocked' }
}
