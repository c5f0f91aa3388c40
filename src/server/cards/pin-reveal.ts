// Showing a card's PIN after the approval the customer's two-step mode asks for (issue 17):
// cardPinShow stores a reveal bound to the card and sends a code (SMS to the confirmed phone,
// the authenticator's current code for OTP, else e-mail: push and approval-code modes get it
// by e-mail, as transfer codes do); cardPinGet spends the reveal with the right code for that
// card only. A code lives 10 minutes and allows five wrong tries (DESIGN.md section 11); a
// newer reveal of the same card cancels the older one.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { cardPinReveals } from '../db/schema-cards.ts'
import { users } from '../db/schema.ts'
import { factorsOf, totpSecretOf } from '../auth/factors.ts'
import { verifyTotp } from '../auth/totp.ts'
import { maxFailedAttempts } from '../auth/login-attempts.ts'
import { newCode, requestLifetimeMs } from '../auth/two-step-requests.ts'
import { confirmedPhoneOf, enqueueMessage, maskDestination } from '../security/outbox.ts'
import type { Destination } from '../security/outbox.ts'
import { renderMessage } from '../messages/messages.ts'
import { languageOfUser } from '../messages/reader-language.ts'
import { ApprovalType } from '../../generated/constants.ts'
import type { RefusalKey } from '../rpc/outcome.ts'

/** A code's life and its wrong tries are those of every other code (DESIGN.md section 11). */
const revealLifetimeMs = requestLifetimeMs
const maxWrongRevealCodes = maxFailedAttempts
const authenticator = 'authenticator'

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url')
const codeHashOf = (salt: string, accountId: number, operationId: string, code: string) =>
  sha256(`${salt}\ncard-pin:${accountId}\n${operationId}\n${code}`)

async function destinationOf(
  db: Db,
  who: { userId: number; customerId: number },
  approveType: number,
): Promise<Destination | typeof authenticator> {
  if (approveType === ApprovalType.Otp) {
    if ((await totpSecretOf(db, await factorsOf(db, who.userId))) !== undefined)
      return authenticator
  }
  if (approveType === ApprovalType.Sms) {
    const phone = await confirmedPhoneOf(db, who.customerId)
    if (phone) return { channel: 'sms', recipient: phone }
  }
  const [user] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, who.userId))
  if (!user) throw new Error(`assertion: user ${who.userId} exists`)
  return { channel: 'email', recipient: user.username }
}

export interface RevealRequest {
  customerId: number
  userId: number
  accountId: number
  approveType: number
  /** The card as the message names it (its masked number). */
  cardName: string
}

export async function startPinReveal(
  tx: Db,
  request: RevealRequest,
): Promise<{ operationId: string; approvalSentTo?: string }> {
  await tx
    .update(cardPinReveals)
    .set({ expiresAt: new Date() })
    .where(
      and(
        eq(cardPinReveals.userId, request.userId),
        eq(cardPinReveals.accountId, request.accountId),
        isNull(cardPinReveals.usedAt),
      ),
    )
  const operationId = randomBytes(18).toString('base64url')
  const destination = await destinationOf(tx, request, request.approveType)
  const code = destination === authenticator ? '' : newCode()
  const salt = randomBytes(12).toString('base64url')
  await tx.insert(cardPinReveals).values({
    id: sha256(operationId),
    customerId: request.customerId,
    userId: request.userId,
    accountId: request.accountId,
    approveType: request.approveType,
    channel: destination === authenticator ? authenticator : destination.channel,
    codeHash: `${salt}$${codeHashOf(salt, request.accountId, operationId, code)}`,
    expiresAt: new Date(Date.now() + revealLifetimeMs),
  })
  if (destination === authenticator) return { operationId }
  const lang = await languageOfUser(tx, request.userId)
  await enqueueMessage(tx, {
    ...destination,
    lang,
    mail: 'approvalCode',
    params: {
      action: renderMessage(lang, 'words.approve'),
      what: renderMessage(lang, 'words.showPin', { card: request.cardName }),
      code,
    },
  })
  return { operationId, approvalSentTo: maskDestination(destination) }
}

export type RevealCheck =
  { ok: true } | { ok: false; reason: 'unknown' | 'expired' | 'used' | 'wrong' | 'locked' }

export const revealRefusalKey: Record<Exclude<RevealCheck, { ok: true }>['reason'], RefusalKey> = {
  unknown: 'refusal.cards.reveal.unknown',
  expired: 'refusal.cards.reveal.expired',
  used: 'refusal.cards.reveal.used',
  wrong: 'refusal.cards.reveal.wrong',
  locked: 'refusal.cards.reveal.locked',
}

/** Checks the code of a reveal of this card by this user; a right one spends the reveal. */
export async function redeemPinReveal(
  tx: Db,
  who: { customerId: number; userId: number; accountId: number },
  operationId: string,
  code: string,
  now = new Date(),
): Promise<RevealCheck> {
  const [row] = await tx
    .select()
    .from(cardPinReveals)
    .where(eq(cardPinReveals.id, sha256(operationId)))
    .for('update')
  if (!row || row.userId !== who.userId || row.customerId !== who.customerId) {
    return { ok: false, reason: 'unknown' }
  }
  if (row.accountId !== who.accountId) return { ok: false, reason: 'unknown' }
  if (row.usedAt) return { ok: false, reason: 'used' }
  if (row.failedAttempts >= maxWrongRevealCodes) return { ok: false, reason: 'locked' }
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' }
  const [salt = '', stored = ''] = row.codeHash.split('$')
  const fromApp = row.channel === authenticator
  const given = codeHashOf(salt, row.accountId, operationId, fromApp ? '' : code)
  const bound =
    given.length === stored.length && timingSafeEqual(Buffer.from(given), Buffer.from(stored))
  const secret = fromApp ? await totpSecretOf(tx, await factorsOf(tx, row.userId)) : undefined
  if (bound && (!fromApp || (secret !== undefined && verifyTotp(secret, code)))) {
    await tx.update(cardPinReveals).set({ usedAt: now }).where(eq(cardPinReveals.id, row.id))
    return { ok: true }
  }
  const failedAttempts = row.failedAttempts + 1
  await tx.update(cardPinReveals).set({ failedAttempts }).where(eq(cardPinReveals.id, row.id))
  return { ok: false, reason: failedAttempts >= maxWrongRevealCodes ? 'locked' : 'wrong' }
}
