// E-mail confirmation by link (product-spec sections 2 and 7: emailConfirmation=success or
// fail) or by its code (emailConfirm, signed in). The link carries the address id and a random
// code; only the code's hash is kept, it lives 3 days, a newer link replaces it, and five wrong
// codes cancel it.
import { createHash, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customerEmails, users } from '../db/schema.ts'
import { emailConfirmations } from '../db/schema-auth.ts'
import { enqueueMessage } from '../security/outbox.ts'
import { maxFailedAttempts } from '../auth/login-attempts.ts'
import { randomBytes } from 'node:crypto'
import { languageOfCustomer } from '../messages/reader-language.ts'

const lifetimeMs = 3 * 86_400_000

function codeHash(emailId: number, code: string): string {
  return createHash('sha256').update(`${emailId}:${code}`).digest('base64url')
}

/** The portal page the link opens; it calls emailConfirmByLink and shows the popup. */
export function confirmationLink(emailId: number, code: string): string {
  return `/confirm-email?${new URLSearchParams({ emailId: String(emailId), code }).toString()}`
}

/**
 * Sends a confirmation link for one address of a customer, with its code on its own for a
 * signed-in customer to enter (emailConfirm); the customer area calls this when an address
 * is added (emailAdd) or a confirmation is asked for again (emailConfirmRequest).
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
      lang: await languageOfCustomer(tx, email.customerId),
      mail: 'emailConfirm',
      params: { link: confirmationLink(emailId, code), code },
    })
  })
}

/** What a confirmation code did: only confirmed changed the address. */
export type EmailCodeCheck =
  | 'confirmed'
  | 'wrong'
  | 'blocked'
  | 'expired'
  | 'none'
  /** Another customer confirmed the address first, or signs in with it. */
  | 'taken'

/**
 * Checks a code against the address's newest unused link, in the caller's transaction. A
 * wrong code counts (and must be committed); the fifth cancels the link. Tries are counted
 * before the check, so tries sent together get at most five checks. An address another
 * customer holds confirmed, or signs in with, is not confirmed a second time: payments to an
 * e-mail find one customer (transfers/payee-lookup.ts).
 */
export async function redeemEmailCode(
  tx: Db,
  emailId: number,
  code: string,
): Promise<EmailCodeCheck> {
  const [row] = await tx
    .select({
      id: emailConfirmations.id,
      codeHash: emailConfirmations.codeHash,
      failedAttempts: emailConfirmations.failedAttempts,
      live: sql<boolean>`${emailConfirmations.expiresAt} > now()`,
    })
    .from(emailConfirmations)
    .where(and(eq(emailConfirmations.emailId, emailId), isNull(emailConfirmations.usedAt)))
    .orderBy(desc(emailConfirmations.id))
    .limit(1)
  if (!row) return 'none'
  if (row.failedAttempts >= maxFailedAttempts) return 'blocked'
  if (!row.live) return 'expired'
  const [reserved] = await tx
    .update(emailConfirmations)
    .set({ failedAttempts: sql`${emailConfirmations.failedAttempts} + 1` })
    .where(
      and(
        eq(emailConfirmations.id, row.id),
        lt(emailConfirmations.failedAttempts, maxFailedAttempts),
      ),
    )
    .returning({ failed: emailConfirmations.failedAttempts })
  if (!reserved) return 'blocked'
  const given = Buffer.from(codeHash(emailId, code))
  const expected = Buffer.from(row.codeHash)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return reserved.failed >= maxFailedAttempts ? 'blocked' : 'wrong'
  }
  if (await heldByAnother(tx, emailId)) return 'taken'
  await tx
    .update(emailConfirmations)
    .set({ usedAt: new Date() })
    .where(eq(emailConfirmations.id, row.id))
  await tx
    .update(customerEmails)
    .set({ confirmedAt: new Date() })
    .where(and(eq(customerEmails.id, emailId), isNull(customerEmails.confirmedAt)))
  return 'confirmed'
}

/**
 * Whether another customer holds the address confirmed or signs in with it. The address is
 * locked for the rest of the transaction, so two customers confirming it together cannot both
 * pass.
 */
async function heldByAnother(tx: Db, emailId: number): Promise<boolean> {
  const [email] = await tx.select().from(customerEmails).where(eq(customerEmails.id, emailId))
  if (!email) return true
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`email:${email.emailAddress}`}))`)
  const [held] = await tx
    .select({ id: customerEmails.id })
    .from(customerEmails)
    .where(
      and(
        eq(customerEmails.emailAddress, email.emailAddress),
        ne(customerEmails.customerId, email.customerId),
        isNotNull(customerEmails.confirmedAt),
      ),
    )
    .limit(1)
  if (held) return true
  const [login] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, email.emailAddress), ne(users.customerId, email.customerId)))
    .limit(1)
  return login !== undefined
}

/** Confirms the address when the code is the live one; false otherwise (wrong tries count). */
export async function confirmEmail(db: Db, emailId: number, code: string): Promise<boolean> {
  return db.transaction(async (tx) => (await redeemEmailCode(tx, emailId, code)) === 'confirmed')
}
