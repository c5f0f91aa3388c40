// E-mail confirmation by link (product-spec sections 2 and 7: emailConfirmation=success or
// fail). The link carries the address id and a random code; only the code's hash is kept, it
// lives 3 days, a newer link replaces it, and five wrong codes cancel it.
import { createHash, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customerEmails } from '../db/schema.ts'
import { emailConfirmations } from '../db/schema-auth.ts'
import { enqueueMessage } from '../security/outbox.ts'
import { maxFailedAttempts } from '../auth/login-attempts.ts'
import { randomBytes } from 'node:crypto'

const lifetimeMs = 3 * 86_400_000

function codeHash(emailId: number, code: string): string {
  return createHash('sha256').update(`${emailId}:${code}`).digest('base64url')
}

/** The portal page the link opens; it calls emailConfirmByLink and shows the popup. */
export function confirmationLink(emailId: number, code: string): string {
  return `/confirm-email?${new URLSearchParams({ emailId: String(emailId), code }).toString()}`
}

/**
 * Sends a confirmation link for one address of a customer; the customer area calls this
 * when an address is added or a confirmation is asked for again.
 */
export async function issueEmailConfirmation(db: Db, emailId: number): Promise<void> {
  const [email] = await db.select().from(customerEmails).where(eq(customerEmails.id, emailId))
  if (!email) throw new Error(`assertion: e-mail ${emailId} exists`)
  const code = randomBytes(24).toString('hex')
  await db.transaction(async (tx) => {
    await tx
      .update(emailConfirmations)
      .set({ expiresAt: sql`now()` })
      .where(and(eq(emailConfirmations.emailId, emailId), isNull(emailConfirmations.usedAt)))
    await tx.insert(emailConfirmations).values({
      emailId,
      codeHash: codeHash(emailId, code),
      expiresAt: new Date(Date.now() + lifetimeMs),
    })
    await enqueueMessage(tx, {
      channel: 'email',
      recipient: email.emailAddress,
      subject: 'Confirm your e-mail address',
      body: `Open ${confirmationLink(emailId, code)} to confirm this address.`,
    })
  })
}

/** Confirms the address when the code is the live one; false otherwise (wrong tries count). */
export async function confirmEmail(db: Db, emailId: number, code: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(emailConfirmations)
      .where(
        and(
          eq(emailConfirmations.emailId, emailId),
          isNull(emailConfirmations.usedAt),
          gt(emailConfirmations.expiresAt, sql`now()`),
          lt(emailConfirmations.failedAttempts, maxFailedAttempts),
        ),
      )
      .orderBy(desc(emailConfirmations.id))
      .limit(1)
    if (!row) return false
    // Counted before the check, so tries sent together get at most five checks.
    const [reserved] = await tx
      .update(emailConfirmations)
      .set({ failedAttempts: sql`${emailConfirmations.failedAttempts} + 1` })
      .where(
        and(
          eq(emailConfirmations.id, row.id),
          lt(emailConfirmations.failedAttempts, maxFailedAttempts),
        ),
      )
      .returning({ id: emailConfirmations.id })
    if (!reserved) return false
    const given = Buffer.from(codeHash(emailId, code))
    const expected = Buffer.from(row.codeHash)
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false
    await tx
      .update(emailConfirmations)
      .set({ usedAt: new Date() })
      .where(eq(emailConfirmations.id, row.id))
    await tx
      .update(customerEmails)
      .set({ confirmedAt: new Date() })
      .where(and(eq(customerEmails.id, emailId), isNull(customerEmails.confirmedAt)))
    return true
  })
}
