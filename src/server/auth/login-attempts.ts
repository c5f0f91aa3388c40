// Failed sign-in counting and the login history. Five failures in a row block the step for
// 15 minutes with 429 (DESIGN.md section 11); every attempt is recorded.
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { loginHistory, users } from '../db/schema.ts'
import type { HandlerContext } from '../rpc/handler-context.ts'
import { loginUsernameFailures } from '../db/schema-auth.ts'

export const maxFailedAttempts = 5
export const blockMinutes = 15
export const blockedMessage = `Too many failed attempts. Try again in ${blockMinutes} minutes.`

export async function recordAttempt(
  context: HandlerContext,
  username: string,
  userId: number | null,
  success: boolean,
  reason = '',
): Promise<void> {
  await context.db.insert(loginHistory).values({
    userId,
    username,
    ip: context.ip,
    userAgent: context.userAgent.slice(0, 512),
    success,
    reason,
  })
}

/** Counts one failure; answers true when this failure reached the limit and blocked. */
export async function countFailure(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .update(users)
    .set({
      failedAttempts: sql`${users.failedAttempts} + 1`,
      blockedUntil: sql`case when ${users.failedAttempts} + 1 >= ${maxFailedAttempts}
        then now() + make_interval(mins => ${blockMinutes}) else null end`,
    })
    .where(eq(users.id, userId))
    .returning({ failedAttempts: users.failedAttempts })
  return (row?.failedAttempts ?? 0) >= maxFailedAttempts
}

export async function clearFailures(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ failedAttempts: 0, blockedUntil: null }).where(eq(users.id, userId))
}

export function secondsUntil(date: Date | null): number {
  return date ? Math.max(0, Math.ceil((date.getTime() - Date.now()) / 1000)) : 0
}

/**
 * When a username nobody has is blocked. Unknown usernames are counted like real ones
 * (login_username_failures), so that the answers never tell whether an account exists.
 */
export async function usernameBlockedUntil(db: Db, username: string): Promise<Date | null> {
  const [row] = await db
    .select({ blockedUntil: loginUsernameFailures.blockedUntil })
    .from(loginUsernameFailures)
    .where(eq(loginUsernameFailures.username, username))
  return row?.blockedUntil && row.blockedUntil > new Date() ? row.blockedUntil : null
}

/** Counts a failure of an unknown username; true when it reached the limit and blocked. */
export async function countUsernameFailure(db: Db, username: string): Promise<boolean> {
  const table = loginUsernameFailures
  // A block that ran out starts a fresh count, as for known users.
  const next = sql`case when ${table.blockedUntil} is not null and ${table.blockedUntil} <= now()
    then 1 else ${table.failedAttempts} + 1 end`
  const [row] = await db
    .insert(table)
    .values({ username, failedAttempts: 1 })
    .onConflictDoUpdate({
      target: table.username,
      set: {
        failedAttempts: next,
        blockedUntil: sql`case when ${next} >= ${maxFailedAttempts}
          then now() + make_interval(mins => ${blockMinutes}) else null end`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ failedAttempts: table.failedAttempts })
  return (row?.failedAttempts ?? 0) >= maxFailedAttempts
}
