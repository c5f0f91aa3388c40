// Approval codes of transfers (product-spec section 4; DESIGN.md section 11). A code is bound
// to what it approves: the hash covers the code and, for every order, its id, amount,
// currency and payee, plus the decision; an order changed after the code was issued no longer
// matches, so its code is refused (PSD2 dynamic linking). Codes live 10 minutes and allow five
// wrong tries; a newer code for the same orders cancels the older one. Approval type 3 (otp)
// takes the current code of the user's authenticator app when one is enrolled: nothing is
// sent, and the stored row binds the orders the same way, so a changed order is refused too.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import type { transferOrders } from '../db/schema-transfers.ts'
import { transferApprovalCodes } from '../db/schema-transfers.ts'
import { users } from '../db/schema.ts'
import { factorsOf, totpSecretOf } from '../auth/factors.ts'
import { verifyTotp } from '../auth/totp.ts'
import {
  confirmedPhoneOf,
  enqueueMessage,
  maskDestination,
  type Destination,
} from '../security/outbox.ts'
import { ApprovalType } from '../../generated/constants.ts'
import { renderMessage, type Lang, type MessageParams } from '../messages/messages.ts'
import { languageOfUser } from '../messages/reader-language.ts'
import type { RefusalKey } from '../rpc/outcome.ts'

export const approvalCodeLifetimeMs = 10 * 60 * 1000
export const maxWrongApprovalCodes = 5

export type OrderRow = typeof transferOrders.$inferSelect
export type ApprovalCodeRow = typeof transferApprovalCodes.$inferSelect

export type CodePurpose = 'transfer' | 'businessDecision'

/** The facts a code is bound to, in a stable text. */
export function bindingOf(orders: OrderRow[], declined: boolean): string {
  const parts = [...orders]
    .sort((a, b) => a.id - b.id)
    .map((o) =>
      [
        o.id,
        o.amountMinor,
        o.currencyCode,
        o.toAmountMinor,
        o.toAccountId ?? '',
        o.toEmail ?? '',
        // An external order's payee is its destination (IBAN, card, wallet, key).
        typeof o.details.destination === 'string' ? o.details.destination : '',
      ]
        .map(String)
        .join('|'),
    )
  return `${declined ? 'decline' : 'approve'};${parts.join(';')}`
}

function hashOf(salt: string, binding: string, code: string): string {
  return createHash('sha256').update(`${salt}\n${binding}\n${code}`).digest('base64url')
}

/** Approval type 3: the code comes from the user's authenticator app, nothing is sent. */
const authenticator = 'authenticator'

async function totpSecretOfUser(db: Db, userId: number): Promise<string | undefined> {
  return totpSecretOf(db, await factorsOf(db, userId))
}

/**
 * SMS goes to the confirmed primary phone; an OTP is read from the user's enrolled
 * authenticator app; else (and for every other type) the code goes to the e-mail.
 */
async function destinationOf(
  db: Db,
  userId: number,
  customerId: number,
  approveType: number,
): Promise<Destination | typeof authenticator> {
  if (approveType === ApprovalType.Otp && (await totpSecretOfUser(db, userId)) !== undefined)
    return authenticator
  if (approveType === ApprovalType.Sms) {
    const phone = await confirmedPhoneOf(db, customerId)
    if (phone) return { channel: 'sms', recipient: phone }
  }
  const [user] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) throw new Error(`assertion: user ${userId} exists`)
  return { channel: 'email', recipient: user.username }
}

export interface IssueRequest {
  customerId: number
  userId: number
  purpose: CodePurpose
  orders: OrderRow[]
  declined: boolean
  approveType: number
  now?: Date
  /** A fixed code and lifetime for demo data only; requests of the API get random codes. */
  fixed?: { code: string; lifetimeMs: number }
}

/** Stores a new code for the orders, cancels older ones for the same orders, sends it. */
export async function issueApprovalCode(
  tx: Db,
  request: IssueRequest,
): Promise<{ codeId: number; approvalSentTo?: string }> {
  const now = request.now ?? new Date()
  const orderIds = request.orders.map((o) => o.id).sort((a, b) => a - b)
  await tx
    .update(transferApprovalCodes)
    .set({ canceledAt: now })
    .where(
      and(
        eq(transferApprovalCodes.purpose, request.purpose),
        eq(transferApprovalCodes.customerId, request.customerId),
        sql`${transferApprovalCodes.orderIds} = ${JSON.stringify(orderIds)}::jsonb`,
        isNull(transferApprovalCodes.usedAt),
        isNull(transferApprovalCodes.canceledAt),
      ),
    )
  const salt = randomBytes(16).toString('base64url')
  const destination = await destinationOf(
    tx,
    request.userId,
    request.customerId,
    request.approveType,
  )
  // With an authenticator the row binds the orders only; the code is the app's current one.
  const code =
    destination === authenticator
      ? ''
      : (request.fixed?.code ?? String(randomInt(0, 1_000_000)).padStart(6, '0'))
  const [row] = await tx
    .insert(transferApprovalCodes)
    .values({
      customerId: request.customerId,
      userId: request.userId,
      purpose: request.purpose,
      orderIds,
      declined: request.declined,
      approveType: request.approveType,
      channel: destination === authenticator ? authenticator : destination.channel,
      recipient: destination === authenticator ? authenticator : destination.recipient,
      codeHash: `${salt}$${hashOf(salt, bindingOf(request.orders, request.declined), code)}`,
      expiresAt: new Date(now.getTime() + (request.fixed?.lifetimeMs ?? approvalCodeLifetimeMs)),
    })
    .returning({ id: transferApprovalCodes.id })
  if (!row) throw new Error('assertion: the code row was inserted')
  if (destination === authenticator) {
    // Nothing was sent anywhere: the answer names no destination.
    return { codeId: row.id }
  }
  await enqueueMessage(tx, {
    ...destination,
    ...(await approvalMail(tx, request.userId, request, code)),
  })
  return { codeId: row.id, approvalSentTo: maskDestination(destination) }
}

/** The approval code mail, in the language of the user who approves. */
async function approvalMail(
  tx: Db,
  userId: number,
  request: { orders: OrderRow[]; declined?: boolean },
  code: string,
): Promise<{ lang: Lang; mail: 'approvalCode'; params: MessageParams }> {
  const lang = await languageOfUser(tx, userId)
  const action = renderMessage(lang, request.declined ? 'words.decline' : 'words.approve')
  const params = { action, what: describe(lang, request.orders), code }
  return { lang, mail: 'approvalCode', params }
}

function describe(lang: Lang, orders: OrderRow[]): string {
  if (orders.length !== 1)
    return renderMessage(lang, 'words.transactions', { count: orders.length })
  const order = orders[0]!
  const payee =
    order.toEmail ?? renderMessage(lang, 'words.account', { id: String(order.toAccountId) })
  return renderMessage(lang, 'words.oneTransaction', { id: order.id, payee })
}

export type CodeCheck =
  { ok: true } | { ok: false; reason: 'expired' | 'canceled' | 'used' | 'wrong' | 'locked' }

/**
 * Checks a code against the orders as they are now. A wrong code counts; the fifth cancels
 * the code. The caller holds the code row locked (FOR UPDATE).
 */
export async function checkApprovalCode(
  tx: Db,
  row: ApprovalCodeRow,
  orders: OrderRow[],
  code: string,
  now = new Date(),
): Promise<CodeCheck> {
  if (row.usedAt) return { ok: false, reason: 'used' }
  if (row.canceledAt) {
    const locked = row.failedAttempts >= maxWrongApprovalCodes
    return { ok: false, reason: locked ? 'locked' : 'canceled' }
  }
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' }
  const [salt = '', stored = ''] = row.codeHash.split('$')
  const fromApp = row.channel === authenticator
  // An authenticator code proves the user; the stored hash proves the orders are unchanged.
  const given = hashOf(salt, bindingOf(orders, row.declined), fromApp ? '' : code)
  const bound =
    given.length === stored.length && timingSafeEqual(Buffer.from(given), Buffer.from(stored))
  const secret = fromApp ? await totpSecretOfUser(tx, row.userId) : undefined
  const matches = bound && (!fromApp || (secret !== undefined && verifyTotp(secret, code)))
  if (matches) return { ok: true }
  const failedAttempts = row.failedAttempts + 1
  const locked = failedAttempts >= maxWrongApprovalCodes
  await tx
    .update(transferApprovalCodes)
    .set({ failedAttempts, ...(locked ? { canceledAt: now } : {}) })
    .where(eq(transferApprovalCodes.id, row.id))
  return { ok: false, reason: locked ? 'locked' : 'wrong' }
}

export const codeRefusalKey: Record<Exclude<CodeCheck, { ok: true }>['reason'], RefusalKey> = {
  expired: 'refusal.transfers.code.expired',
  canceled: 'refusal.transfers.code.canceled',
  used: 'refusal.transfers.code.used',
  wrong: 'refusal.transfers.code.wrong',
  locked: 'refusal.transfers.code.locked',
}

/** The newest transfer code issued to the customer for exactly these orders, locked. */
export async function transferCodeFor(
  tx: Db,
  customerId: number,
  orderIds: number[],
): Promise<ApprovalCodeRow | undefined> {
  const [code] = await tx
    .select()
    .from(transferApprovalCodes)
    .where(
      and(
        eq(transferApprovalCodes.customerId, customerId),
        eq(transferApprovalCodes.purpose, 'transfer'),
        sql`${transferApprovalCodes.orderIds} = ${JSON.stringify(orderIds)}::jsonb`,
      ),
    )
    .orderBy(desc(transferApprovalCodes.id))
    .limit(1)
    .for('update')
  return code
}
