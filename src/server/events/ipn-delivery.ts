// Instant payment notifications (product-spec section 3, Merchant: IPN): a message is stored
// (merchant_ipn_messages, which ipnMessageList shows) and a job POSTs it to the merchant's
// notify URL, signed with the merchant's IPN key (src/server/merchant/merchant-secrets.ts):
// x-ipn-id, x-ipn-timestamp, x-ipn-signature (payload-signature.ts). Each attempt updates the
// message's delivery status (attempts, httpStatus); a confirmed message is not sent again.
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { merchantIpnMessages, merchantIpnSettings } from '../db/schema-merchant.ts'
import { ipnSecretOf } from '../merchant/merchant-secrets.ts'
import { enqueueJobs } from '../jobs/job-queue.ts'
import { PermanentJobError, type JobRunContext } from '../jobs/job-context.ts'
import { postJson } from './outbound-post.ts'
import { payloadSignature, unixSeconds } from './payload-signature.ts'

export const ipnDeliveryKind = 'ipn.deliver'

/** The settings' status that means "send notifications" (product-spec section 9: 1). */
const sendingStatusId = 1

export interface IpnMessageInput {
  /** The payment the message reports. */
  transactionId?: number
  /** The payment's status; only the merchant's notifyStatusId is sent. */
  statusId: number
  /** What the merchant needs about the payment (amount, currency, reference...). */
  data: Record<string, unknown>
}

/**
 * Stores the message and enqueues its delivery; answers the message id, or undefined when the
 * merchant has no notify URL, has notifications off, or does not want this status.
 */
export async function sendIpn(
  db: Db,
  customerId: number,
  message: IpnMessageInput,
): Promise<number | undefined> {
  const [settings] = await db
    .select()
    .from(merchantIpnSettings)
    .where(eq(merchantIpnSettings.customerId, customerId))
  const notifyUrl = settings?.notifyUrl
  if (!notifyUrl || settings.statusId !== sendingStatusId) return undefined
  if (message.statusId !== settings.notifyStatusId) return undefined
  // The message and its delivery job commit together, so no message waits for nothing.
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(merchantIpnMessages)
      .values({
        customerId,
        transactionId: message.transactionId ?? null,
        notifyUrl,
        statusId: message.statusId,
        payload: '',
      })
      .returning({ id: merchantIpnMessages.id, createdAt: merchantIpnMessages.createdAt })
    if (!row) throw new Error('assertion: the IPN message was stored')
    // The body names the message, so it is written once the id exists; every retry sends it.
    const payload = JSON.stringify({
      id: row.id,
      type: 'ipn',
      createdAt: row.createdAt.toISOString(),
      ...(message.transactionId !== undefined ? { transactionId: message.transactionId } : {}),
      statusId: message.statusId,
      data: message.data,
    })
    await tx.update(merchantIpnMessages).set({ payload }).where(eq(merchantIpnMessages.id, row.id))
    await enqueueJobs(tx, [{ kind: ipnDeliveryKind, payload: { messageId: row.id } }])
    return row.id
  })
}

export async function deliverIpnJob(
  context: JobRunContext,
  payload: Record<string, unknown>,
): Promise<void> {
  const { db } = context
  if (typeof payload.messageId !== 'number') {
    throw new PermanentJobError('an IPN delivery job without its message id')
  }
  const [message] = await db
    .select()
    .from(merchantIpnMessages)
    .where(eq(merchantIpnMessages.id, payload.messageId))
  if (!message || message.confirmedAt !== null) return
  const secret = await ipnSecretOf(db, message.customerId)
  const timestamp = unixSeconds(new Date())
  const headers: Record<string, string> = {
    'x-ipn-id': String(message.id),
    'x-ipn-timestamp': String(timestamp),
  }
  if (secret !== undefined) {
    headers['x-ipn-signature'] = payloadSignature(secret, timestamp, message.payload)
  }
  const result = await postJson(message.notifyUrl, message.payload, headers, {
    allowPrivateNetworks: context.allowPrivateNetworks,
  })
  await db
    .update(merchantIpnMessages)
    .set({
      attempts: sql`${merchantIpnMessages.attempts} + 1`,
      httpStatus: result.statusCode ?? null,
    })
    .where(eq(merchantIpnMessages.id, message.id))
  if (!result.success) throw new Error(result.error ?? 'the notify URL did not answer 2xx')
}
