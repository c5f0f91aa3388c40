// The recipient's approval code (issue 16): six digits e-mailed to the payment's address when
// the recipient submits how to be paid (or asks again), kept hashed with the payment, valid
// 10 minutes, five wrong tries and the withdrawal must be submitted again.
import { createHash, randomBytes, randomInt } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { globalPayments } from '../db/schema-transfers.ts'
import { enqueueMessage, maskEmail } from '../security/outbox.ts'
import { languageOfUser } from '../messages/reader-language.ts'
import { formatMoney } from '../../shared/money.ts'
import type { RecipientPayment } from './recipient-payment.ts'
import { payableOf } from './recipient-payment.ts'

export const recipientCodeLifetimeMs = 10 * 60_000
export const maxWrongRecipientCodes = 5

export function codeHashOf(paymentId: number, code: string): string {
  return createHash('sha256').update(`${paymentId}:${code}`).digest('hex')
}

export function newOperationId(): string {
  return randomBytes(12).toString('base64url')
}

/** A new code for the payment's withdrawal, e-mailed; answers where it went (masked). */
export async function sendRecipientCode(
  tx: Db,
  { payment, order }: RecipientPayment,
  values: Partial<typeof globalPayments.$inferInsert> = {},
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  await tx
    .update(globalPayments)
    .set({
      ...values,
      codeHash: codeHashOf(payment.id, code),
      codeAttempts: 0,
      codeExpiresAt: new Date(Date.now() + recipientCodeLifetimeMs),
    })
    .where(eq(globalPayments.id, payment.id))
  const lang = await languageOfUser(tx, order.createdByUserId)
  await enqueueMessage(tx, {
    channel: 'email',
    recipient: payment.email,
    lang,
    mail: 'globalPayCode',
    params: {
      code,
      amount: formatMoney(payableOf({ payment, order }), order.toCurrencyCode, lang),
    },
  })
  return maskEmail(payment.email)
}
