// Codes that confirm a phone (product-spec sections 3 and 7: confirmPhone, phoneConfirm). A
// six-digit code goes by SMS through the outbox to the number being confirmed, so confirming
// proves the number reaches the customer. Codes live 10 minutes and allow five wrong tries;
// a newer code for the same phone cancels the older ones; each number gets at most five
// codes an hour, whoever asks (an SMS costs money and can annoy). Only hashes are stored.
import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { phoneConfirmations } from '../db/schema-customer.ts'
import { enqueueMessage } from '../security/outbox.ts'
import { countHit, type RateLimit } from '../rpc/rate-limit.ts'
import { maxFailedAttempts } from '../auth/login-attempts.ts'
import { codeChallengeS256 } from '../../shared/pkce.ts'
import { smsRecipient, type PhoneNumber } from './phone-numbers.ts'
import { languageOfCustomer } from '../messages/reader-language.ts'

export const phoneCodeLifetimeMs = 10 * 60_000
export const codesPerNumber: RateLimit = { perClient: 5, windowSeconds: 3600 }

export type PhoneCodeRow = typeof phoneConfirmations.$inferSelect

export interface PhoneCodeRequest {
  phoneId: number
  customerId: number
  userId: number
  phone: PhoneNumber
  /** The phone the confirmed one takes the place of. */
  replacesPhoneId?: number | undefined
  /** Give the client a request id for confirmPhone's approval form. */
  withRequestId?: boolean
  /** Bind the code to a PKCE challenge (confirmPhone's code form). */
  codeChallenge?: string
  /**
   * How the code reaches the number: an SMS (the default) or a voice call that reads it out.
   * The built-in sender keeps both in the outbox for the number, so the demo mailbox shows a
   * call as a message that says it is one.
   */
  delivery?: 'sms' | 'call'
}

export type IssuedPhoneCode =
  { sent: true; reqId?: string } | { sent: false; retryAfterSeconds: number }

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url')
}

function hashOf(salt: string, phoneId: number, code: string): string {
  return sha256(`${salt}:${phoneId}:${code}`)
}

/**
 * Stores a new code for the phone (older ones stop working) and queues the SMS, in the
 * caller's transaction. Refused without writing when the number had its codes this hour.
 */
export async function issuePhoneCode(tx: Db, request: PhoneCodeRequest): Promise<IssuedPhoneCode> {
  const recipient = smsRecipient(request.phone)
  const hit = await countHit(tx, 'phoneCode:number', recipient, codesPerNumber)
  if (!hit.allowed) return { sent: false, retryAfterSeconds: hit.retryAfterSeconds }
  await tx
    .update(phoneConfirmations)
    .set({ canceledAt: new Date() })
    .where(
      and(
        eq(phoneConfirmations.phoneId, request.phoneId),
        isNull(phoneConfirmations.usedAt),
        isNull(phoneConfirmations.canceledAt),
      ),
    )
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const salt = randomBytes(16).toString('base64url')
  const reqId = request.withRequestId ? randomUUID() : undefined
  await tx.insert(phoneConfirmations).values({
    phoneId: request.phoneId,
    customerId: request.customerId,
    userId: request.userId,
    requestKeyHash: reqId === undefined ? null : sha256(reqId),
    codeChallenge: request.codeChallenge ?? null,
    replacesPhoneId: request.replacesPhoneId ?? null,
    codeHash: `${salt}$${hashOf(salt, request.phoneId, code)}`,
    expiresAt: new Date(Date.now() + phoneCodeLifetimeMs),
  })
  const byCall = request.delivery === 'call'
  await enqueueMessage(tx, {
    channel: 'sms',
    recipient,
    lang: await languageOfCustomer(tx, request.customerId),
    mail: byCall ? 'phoneCall' : 'phoneCode',
    params: { code },
  })
  return reqId === undefined ? { sent: true } : { sent: true, reqId }
}

/** Which code a confirmation names: by request id, or the phone's newest of a kind. */
export type CodeLookup = { reqId: string } | { phoneId: number; kind: 'sms' | 'challenge' }

/** The newest code the lookup names for the customer, spent or not; undefined when none. */
export async function findPhoneCode(
  tx: Db,
  customerId: number,
  lookup: CodeLookup,
): Promise<PhoneCodeRow | undefined> {
  const t = phoneConfirmations
  let which: SQL | undefined
  if ('reqId' in lookup) which = eq(t.requestKeyHash, sha256(lookup.reqId))
  else {
    const challenge =
      lookup.kind === 'challenge' ? isNotNull(t.codeChallenge) : isNull(t.codeChallenge)
    which = and(eq(t.phoneId, lookup.phoneId), challenge)
  }
  const [row] = await tx
    .select()
    .from(t)
    .where(and(eq(t.customerId, customerId), which))
    .orderBy(desc(t.id))
    .limit(1)
    .for('update')
  return row
}

export type CodeCheck =
  | { outcome: 'right' }
  | { outcome: 'wrongCode'; attemptsLeft: number }
  | { outcome: 'wrongVerifier'; attemptsLeft: number }
  | { outcome: 'used' | 'canceled' | 'expired' | 'blocked' }

/**
 * Checks a code (and the verifier of its challenge) against a row the caller locked. Each try
 * is counted before the check; the fifth wrong one cancels the code. A right code spends it.
 * Wrong tries must be committed: the caller answers them without rolling back.
 */
export async function checkPhoneCode(
  tx: Db,
  row: PhoneCodeRow,
  code: string,
  codeVerifier?: string,
): Promise<CodeCheck> {
  const t = phoneConfirmations
  if (row.usedAt) return { outcome: 'used' }
  if (row.failedAttempts >= maxFailedAttempts) return { outcome: 'blocked' }
  if (row.canceledAt) return { outcome: 'canceled' }
  if (row.expiresAt.getTime() <= Date.now()) return { outcome: 'expired' }
  const [reserved] = await tx
    .update(t)
    .set({ failedAttempts: sql`${t.failedAttempts} + 1` })
    .where(and(eq(t.id, row.id), lt(t.failedAttempts, maxFailedAttempts)))
    .returning({ failed: t.failedAttempts })
  if (!reserved) return { outcome: 'blocked' }
  const attemptsLeft = maxFailedAttempts - reserved.failed
  const verifierMatches =
    row.codeChallenge === null ||
    (codeVerifier !== undefined &&
      sameText(await codeChallengeS256(codeVerifier), row.codeChallenge))
  const [salt = '', stored = ''] = row.codeHash.split('$')
  const codeMatches = sameText(hashOf(salt, row.phoneId, code), stored)
  if (verifierMatches && codeMatches) {
    await tx
      .update(t)
      .set({ usedAt: new Date(), failedAttempts: sql`${t.failedAttempts} - 1` })
      .where(eq(t.id, row.id))
    return { outcome: 'right' }
  }
  if (attemptsLeft <= 0) {
    await tx.update(t).set({ canceledAt: new Date() }).where(eq(t.id, row.id))
    return { outcome: 'blocked' }
  }
  return verifierMatches
    ? { outcome: 'wrongCode', attemptsLeft }
    : { outcome: 'wrongVerifier', attemptsLeft }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/** Cancels the live codes of phones, in the caller's transaction (a phone left the list). */
export async function cancelPhoneCodes(tx: Db, phoneIds: readonly number[]): Promise<void> {
  for (const phoneId of phoneIds) {
    await tx
      .update(phoneConfirmations)
      .set({ canceledAt: new Date() })
      .where(
        and(
          eq(phoneConfirmations.phoneId, phoneId),
          isNull(phoneConfirmations.usedAt),
          isNull(phoneConfirmations.canceledAt),
        ),
      )
  }
}
