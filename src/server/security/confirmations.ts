// Changes that wait for a code: a password change and a two-step mode change (product-spec
// section 7, Security settings). The request key goes back to the client, a six-digit code
// goes to the person through the outbox; the code lives 10 minutes and allows five wrong
// tries, after which the request is canceled (DESIGN.md section 11).
import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { securityConfirmations } from '../db/schema-security.ts'
import { randomToken } from '../auth/tokens.ts'
import { enqueueMessage, maskDestination, type Destination } from './outbox.ts'
import type { Lang, MailName, MessageParams } from '../messages/messages.ts'

export type ConfirmationKind = 'passwordChange' | 'twoStepMode'
export type ConfirmationRow = typeof securityConfirmations.$inferSelect

export const codeLifetimeMs = 10 * 60 * 1000
export const maxWrongCodes = 5

export interface ConfirmationRequest {
  kind: ConfirmationKind
  userId: number
  customerId: number
  payload: Record<string, string>
  destination: Destination
  /** The reader's language (messages/reader-language.ts). */
  lang: Lang
  mail: MailName
  /** The mail's parameters, the code among them. */
  params: (code: string) => MessageParams
  /** Fixed values for demo data only; requests of the API always get random ones. */
  fixed?: { requestKey: string; code: string; lifetimeMs: number }
}

export interface IssuedConfirmation {
  requestKey: string
  approvalSentTo: string
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url')
}

function codeHashOf(requestKey: string, code: string): string {
  return sha256(`${requestKey}:${code}`)
}

/**
 * Stores the request, cancels older pending requests of the same kind for the user (only the
 * newest code counts) and sends the code.
 */
export async function issueConfirmation(
  db: Db,
  request: ConfirmationRequest,
): Promise<IssuedConfirmation> {
  const requestKey = request.fixed?.requestKey ?? randomToken()
  const code = request.fixed?.code ?? String(randomInt(0, 1_000_000)).padStart(6, '0')
  const lifetimeMs = request.fixed?.lifetimeMs ?? codeLifetimeMs
  await db.transaction(async (tx) => {
    await tx
      .update(securityConfirmations)
      .set({ canceledAt: new Date() })
      .where(
        and(
          eq(securityConfirmations.userId, request.userId),
          eq(securityConfirmations.kind, request.kind),
          isNull(securityConfirmations.confirmedAt),
          isNull(securityConfirmations.canceledAt),
        ),
      )
    await tx.insert(securityConfirmations).values({
      id: sha256(requestKey),
      kind: request.kind,
      userId: request.userId,
      customerId: request.customerId,
      codeHash: codeHashOf(requestKey, code),
      payload: request.payload,
      expiresAt: new Date(Date.now() + lifetimeMs),
    })
    await enqueueMessage(tx, {
      ...request.destination,
      lang: request.lang,
      mail: request.mail,
      params: request.params(code),
    })
  })
  return { requestKey, approvalSentTo: maskDestination(request.destination) }
}

/** Whose request may be confirmed: the user who asked, acting for the same customer. */
export interface ConfirmationOwner {
  kind: ConfirmationKind
  userId: number
  customerId?: number
}

export type Redemption =
  | { outcome: 'confirmed'; row: ConfirmationRow }
  | { outcome: 'wrongCode'; attemptsLeft: number }
  | { outcome: 'canceled' }

/** Live: neither confirmed nor canceled, and not expired. */
function live(id: string) {
  return and(
    eq(securityConfirmations.id, id),
    isNull(securityConfirmations.confirmedAt),
    isNull(securityConfirmations.canceledAt),
    gt(securityConfirmations.expiresAt, sql`now()`),
  )
}

/** Pending: live, with tries left. */
function pending(id: string) {
  return and(live(id), lt(securityConfirmations.failedAttempts, maxWrongCodes))
}

/**
 * Checks a code against a request of the user. Each try is counted before the check, so tries
 * sent together get at most five checks. A right code spends the request (one winner when two
 * confirmations race: the update is conditional); a wrong one stays counted, and the fifth
 * cancels it. Runs inside the caller's transaction, so the change it confirms commits with it.
 */
export async function redeemConfirmation(
  tx: Db,
  owner: ConfirmationOwner,
  requestKey: string,
  code: string,
): Promise<Redemption> {
  const id = sha256(requestKey)
  const [row] = await tx
    .select()
    .from(securityConfirmations)
    .where(
      and(
        pending(id),
        eq(securityConfirmations.kind, owner.kind),
        eq(securityConfirmations.userId, owner.userId),
        owner.customerId === undefined
          ? undefined
          : eq(securityConfirmations.customerId, owner.customerId),
      ),
    )
  if (!row) return { outcome: 'canceled' }
  const [reserved] = await tx
    .update(securityConfirmations)
    .set({ failedAttempts: sql`${securityConfirmations.failedAttempts} + 1` })
    .where(pending(id))
    .returning({ failedAttempts: securityConfirmations.failedAttempts })
  if (!reserved) return { outcome: 'canceled' }
  const given = Buffer.from(codeHashOf(requestKey, code))
  const expected = Buffer.from(row.codeHash)
  if (given.length === expected.length && timingSafeEqual(given, expected)) {
    const [spent] = await tx
      .update(securityConfirmations)
      .set({ confirmedAt: new Date() })
      .where(live(id))
      .returning()
    return spent ? { outcome: 'confirmed', row: spent } : { outcome: 'canceled' }
  }
  const attemptsLeft = maxWrongCodes - reserved.failedAttempts
  if (attemptsLeft > 0) return { outcome: 'wrongCode', attemptsLeft }
  await tx.update(securityConfirmations).set({ canceledAt: new Date() }).where(live(id))
  return { outcome: 'canceled' }
}
