// Failed sign-in counting and the login history. Five failures in a row block the step for
// 15 minutes with 429 (DESIGN.md section 11), and the owner is told by e-mail once per block;
// a block ends with its time or with a password recovery (password-change-apply.ts). Every
// attempt is recorded.
//
// Each password check is counted in the database before it is made: requests sent together
// each reserve their own attempt with one atomic update, so however many arrive at once, at
// most five are checked and a right password among them signs in only while no block has
// been set (issue 11). This holds across instances sharing one database.
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { loginHistory, users } from '../db/schema.ts'
import type { HandlerContext } from '../rpc/handler-context.ts'
import { restMessage, type Failure } from '../rpc/outcome.ts'
import { loginUsernameFailures } from '../db/schema-auth.ts'
import { enqueueMessage } from '../security/outbox.ts'
import { languageOfUsername } from '../messages/reader-language.ts'
import { defaultLang, renderMessage } from '../messages/messages.ts'

export const maxFailedAttempts = 5
export const blockMinutes = 15
/** The 429's message in English, for the server-to-server password check. */
export const blockedMessage = renderMessage(defaultLang, 'answer.auth.blocked', {
  minutes: blockMinutes,
})
/** Keeps a count far past the limit (a flood of requests) inside its smallint column. */
const countCeiling = 1000

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

/** Whose password is checked: a user, or a username nobody has (counted the same way). */
export type AttemptSubject = { userId: number } | { username: string }

export type PasswordCheck =
  | { outcome: 'right' }
  | { outcome: 'wrong' }
  /** checked: the password was checked (and wrong) before the step blocked. */
  | { outcome: 'blocked'; retryAfterSeconds: number; checked: boolean }

/**
 * Checks a password under the five-try limit. An attempt is reserved first; one past the
 * limit is refused unchecked and sets the block, a wrong fifth sets it, and a right password
 * is granted only while the step is not blocked, which also clears the count.
 */
export async function checkPasswordCounted(
  context: HandlerContext,
  subject: AttemptSubject,
  verify: () => Promise<boolean>,
): Promise<PasswordCheck> {
  const reserved = await reserveAttempt(context.db, subject)
  if (reserved.blockedUntil) return blocked(reserved.blockedUntil, false)
  if (reserved.attempt > maxFailedAttempts) return blocked(await block(context, subject), false)
  if (!(await verify())) {
    if (reserved.attempt < maxFailedAttempts) return { outcome: 'wrong' }
    return blocked(await block(context, subject), true)
  }
  if (await grant(context.db, subject)) return { outcome: 'right' }
  // Guesses sent together with this one blocked the step meanwhile: no sign-in either.
  return blocked(await block(context, subject), false)
}

/** The 429 of a blocked step, with Retry-After. */
export function blockedReply(retryAfterSeconds: number): Failure {
  const seconds = String(retryAfterSeconds)
  return {
    ...restMessage(429, 'answer.auth.blocked', { minutes: blockMinutes }, { retryAfterSeconds }),
    headers: { 'retry-after': seconds },
  }
}

function blocked(until: Date, checked: boolean): PasswordCheck {
  return { outcome: 'blocked', retryAfterSeconds: Math.max(1, secondsUntil(until)), checked }
}

export function secondsUntil(date: Date | null): number {
  return date ? Math.max(0, Math.ceil((date.getTime() - Date.now()) / 1000)) : 0
}

interface Reservation {
  /** This attempt's number in the current run of failures, from 1. */
  attempt: number
  /** Set while a block holds: the attempt is refused unchecked. */
  blockedUntil: Date | null
}

/** Counts one attempt before the check; a block that ran out starts a fresh count. */
async function reserveAttempt(db: Db, subject: AttemptSubject): Promise<Reservation> {
  if ('userId' in subject) {
    const over = sql`${users.blockedUntil} <= now()`
    const [row] = await db
      .update(users)
      .set({
        failedAttempts: sql`case when ${over} then 1
          else least(${users.failedAttempts} + 1, ${countCeiling}) end`,
        blockedUntil: sql`case when ${over} then null else ${users.blockedUntil} end`,
      })
      .where(eq(users.id, subject.userId))
      .returning({ attempt: users.failedAttempts, blockedUntil: users.blockedUntil })
    if (!row) throw new Error(`assertion: user ${subject.userId} exists`)
    return row
  }
  const table = loginUsernameFailures
  const over = sql`${table.blockedUntil} <= now()`
  const [row] = await db
    .insert(table)
    .values({ username: subject.username, failedAttempts: 1 })
    .onConflictDoUpdate({
      target: table.username,
      set: {
        failedAttempts: sql`case when ${over} then 1
          else least(${table.failedAttempts} + 1, ${countCeiling}) end`,
        blockedUntil: sql`case when ${over} then null else ${table.blockedUntil} end`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ attempt: table.failedAttempts, blockedUntil: table.blockedUntil })
  if (!row) throw new Error('assertion: an upsert returns its row')
  return row
}

/** A right password clears the count, unless the step was blocked meanwhile. */
async function grant(db: Db, subject: AttemptSubject): Promise<boolean> {
  if (!('userId' in subject)) return false
  const notBlocked = or(isNull(users.blockedUntil), lte(users.blockedUntil, sql`now()`))
  const granted = await db
    .update(users)
    .set({ failedAttempts: 0, blockedUntil: null })
    .where(and(eq(users.id, subject.userId), notBlocked))
    .returning({ id: users.id })
  return granted.length === 1
}

/**
 * Blocks the step and answers until when. Only the request that sets the block (of the many
 * that may try at once) e-mails the owner, in the same transaction, so one block is one
 * message.
 */
async function block(context: HandlerContext, subject: AttemptSubject): Promise<Date> {
  const until = sql`now() + make_interval(mins => ${blockMinutes})`
  if (!('userId' in subject)) {
    const table = loginUsernameFailures
    const [set] = await context.db
      .update(table)
      .set({ blockedUntil: until, updatedAt: sql`now()` })
      .where(
        and(
          eq(table.username, subject.username),
          or(isNull(table.blockedUntil), lte(table.blockedUntil, sql`now()`)),
        ),
      )
      .returning({ blockedUntil: table.blockedUntil })
    return set?.blockedUntil ?? (await usernameBlockedUntil(context.db, subject.username))
  }
  const userId = subject.userId
  const set = await context.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ blockedUntil: until })
      .where(
        and(
          eq(users.id, userId),
          or(isNull(users.blockedUntil), lte(users.blockedUntil, sql`now()`)),
        ),
      )
      .returning({ blockedUntil: users.blockedUntil, username: users.username })
    if (row?.blockedUntil) await sendBlockNotice(tx, context, row.username)
    return row?.blockedUntil
  })
  if (set) return set
  const [row] = await context.db
    .select({ blockedUntil: users.blockedUntil })
    .from(users)
    .where(eq(users.id, userId))
  return row?.blockedUntil ?? liftedMeanwhile()
}

async function usernameBlockedUntil(db: Db, username: string): Promise<Date> {
  const [row] = await db
    .select({ blockedUntil: loginUsernameFailures.blockedUntil })
    .from(loginUsernameFailures)
    .where(eq(loginUsernameFailures.username, username))
  return row?.blockedUntil ?? liftedMeanwhile()
}

/** A block a recovery (or its end) lifted between two statements: try again at once. */
function liftedMeanwhile(): Date {
  return new Date()
}

/** The sign-in e-mail is the username (product-spec section 4). */
async function sendBlockNotice(tx: Db, context: HandlerContext, email: string): Promise<void> {
  await enqueueMessage(tx, {
    channel: 'email',
    recipient: email,
    lang: await languageOfUsername(tx, email),
    mail: 'signInBlocked',
    params: {
      attempts: maxFailedAttempts,
      ip: context.ip,
      issuer: context.config.issuerName,
      minutes: blockMinutes,
    },
  })
}
