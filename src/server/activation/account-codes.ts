// Codes e-mailed for account activation and password recovery (product-spec sections 2, 4 and
// 7). Eight characters without look-alikes, stored hashed with the user and purpose, valid for
// 48 hours (activation) or 30 minutes (recovery); a new code replaces the older one, and five
// wrong tries cancel a code (DESIGN.md section 11).
import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { accountCodes } from '../db/schema-auth.ts'
import { enqueueMessage } from '../security/outbox.ts'
import type { Lang, MailName, MessageParams } from '../messages/messages.ts'
import { maxFailedAttempts } from '../auth/login-attempts.ts'

export type CodePurpose = 'activation' | 'activationBusiness' | 'activationEmployee' | 'recovery'
export type AccountCodeRow = typeof accountCodes.$inferSelect

const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
export const lifetimeMs: Record<CodePurpose, number> = {
  activation: 48 * 3600_000,
  activationBusiness: 48 * 3600_000,
  activationEmployee: 48 * 3600_000,
  recovery: 30 * 60_000,
}
/** E-mails of one purpose a user may ask for per hour (they cost and they can annoy). */
export const maxCodesPerHour = 3

export function newAccountCode(): string {
  return Array.from({ length: 8 }, () => alphabet[randomInt(0, alphabet.length)]).join('')
}

function codeHash(userId: number, purpose: string, code: string): string {
  return createHash('sha256')
    .update(`${userId}:${purpose}:${code.toUpperCase()}`)
    .digest('base64url')
}

export interface CodeMail {
  recipient: string
  /** The reader's language (messages/reader-language.ts). */
  lang: Lang
  mail: MailName
  /** The mail's parameters, the code among them. */
  params: (code: string) => MessageParams
}

/** Stores a new code (the older ones of the purpose stop working) and e-mails it. */
export async function issueAccountCode(
  db: Db,
  userId: number,
  purpose: CodePurpose,
  mail: CodeMail,
): Promise<void> {
  const code = newAccountCode()
  await db.transaction(async (tx) => {
    await tx
      .update(accountCodes)
      .set({ canceledAt: new Date() })
      .where(
        and(
          eq(accountCodes.userId, userId),
          eq(accountCodes.purpose, purpose),
          isNull(accountCodes.usedAt),
          isNull(accountCodes.canceledAt),
        ),
      )
    await tx.insert(accountCodes).values({
      userId,
      purpose,
      codeHash: codeHash(userId, purpose, code),
      expiresAt: new Date(Date.now() + lifetimeMs[purpose]),
    })
    await enqueueMessage(tx, {
      channel: 'email',
      recipient: mail.recipient,
      lang: mail.lang,
      mail: mail.mail,
      params: mail.params(code),
    })
  })
}

/** How many codes of the purpose the user was sent in the last hour. */
export async function codesSentLastHour(db: Db, userId: number, purpose: CodePurpose) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(accountCodes)
    .where(
      and(
        eq(accountCodes.userId, userId),
        eq(accountCodes.purpose, purpose),
        gt(accountCodes.createdAt, sql`now() - interval '1 hour'`),
      ),
    )
  return row?.count ?? 0
}

/** The user's live code of one of the purposes, if any. */
export async function liveCode(
  db: Db,
  userId: number,
  purposes: CodePurpose[],
): Promise<AccountCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(accountCodes)
    .where(
      and(
        eq(accountCodes.userId, userId),
        inArray(accountCodes.purpose, purposes),
        isNull(accountCodes.usedAt),
        isNull(accountCodes.canceledAt),
        gt(accountCodes.expiresAt, sql`now()`),
      ),
    )
  return row
}

export type CodeCheck = 'right' | 'wrong' | 'blocked'

/**
 * Checks a code against the live row; a wrong one counts and the fifth cancels the code. Each
 * try is counted before the check, so tries sent together get at most five checks. With
 * spend, a right code is used up in the caller's transaction (one winner in a race); without,
 * a right check gives its count back, as the code stays valid.
 */
export async function checkAccountCode(
  tx: Db,
  row: AccountCodeRow,
  code: string,
  spend: boolean,
): Promise<CodeCheck> {
  if (row.failedAttempts >= maxFailedAttempts) return 'blocked'
  const [reserved] = await tx
    .update(accountCodes)
    .set({ failedAttempts: sql`${accountCodes.failedAttempts} + 1` })
    .where(and(eq(accountCodes.id, row.id), lt(accountCodes.failedAttempts, maxFailedAttempts)))
    .returning({ failed: accountCodes.failedAttempts })
  if (!reserved) return 'blocked'
  const given = Buffer.from(codeHash(row.userId, row.purpose, code))
  const expected = Buffer.from(row.codeHash)
  if (given.length === expected.length && timingSafeEqual(given, expected)) {
    if (!spend) {
      await tx
        .update(accountCodes)
        .set({ failedAttempts: sql`greatest(${accountCodes.failedAttempts} - 1, 0)` })
        .where(eq(accountCodes.id, row.id))
      return 'right'
    }
    const [spent] = await tx
      .update(accountCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(accountCodes.id, row.id), isNull(accountCodes.usedAt)))
      .returning({ id: accountCodes.id })
    return spent ? 'right' : 'wrong'
  }
  if (reserved.failed < maxFailedAttempts) return 'wrong'
  await tx.update(accountCodes).set({ canceledAt: new Date() }).where(eq(accountCodes.id, row.id))
  return 'blocked'
}

/** The activation link of the e-mail (product-spec section 2: action, user and code). */
export function activationLink(action: string, username: string, code: string): string {
  const query = new URLSearchParams({ action, user: username, code })
  return `/activate?${query.toString()}`
}
