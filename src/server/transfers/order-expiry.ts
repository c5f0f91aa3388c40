// The job that ends a hold nobody decided on (DESIGN.md section 6: expiry voids it): a code
// not entered within 30 minutes, an approval request no approver decided within 7 days, or
// P2P money not claimed within 14 days. The sender is told by e-mail.
import { and, eq, isNull } from 'drizzle-orm'
import type { JobRunner } from '../jobs/job-context.ts'
import { PermanentJobError } from '../jobs/job-context.ts'
import type { Db } from '../db/open-database.ts'
import { users } from '../db/schema.ts'
import { p2pClaims } from '../db/schema-transfers.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { formatMoney, fromMinor } from '../../shared/money.ts'
import { enqueueMessage } from '../security/outbox.ts'
import { lockOrders, voidOrder } from './order-settlement.ts'
import type { OrderRow } from './approval-codes.ts'
import { renderMessage } from '../messages/messages.ts'
import { languageOfUser } from '../messages/reader-language.ts'
import { globalPaymentExpires } from '../global-pay/global-payments.ts'

const expiringStatuses = new Set(['awaitingCode', 'awaitingApprover', 'heldForClaim'])

export const expireOrderJob: JobRunner = async (context, payload) => {
  const orderId = payload.orderId
  if (typeof orderId !== 'number') throw new PermanentJobError('payload.orderId is not a number')
  await context.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db
    const [order] = await lockOrders(tx, [orderId])
    if (!order || !expiringStatuses.has(order.status)) return
    if (order.status === 'heldForClaim') {
      const [claim] = await tx
        .select()
        .from(p2pClaims)
        .where(and(eq(p2pClaims.orderId, order.id), isNull(p2pClaims.claimedAt)))
      // A claim made after approval runs 14 days from then: not due yet.
      if (claim && claim.expiresAt.getTime() > context.now.getTime()) return
      if (claim) {
        await tx.update(p2pClaims).set({ expiredAt: context.now }).where(eq(p2pClaims.id, claim.id))
      }
    }
    if (order.kind === 'global' && !(await globalPaymentExpires(tx, order.id, context.now))) return
    await voidOrder(tx, order, 'expired')
    await tellSender(tx, order)
  })
}

async function tellSender(tx: Db, order: OrderRow): Promise<void> {
  const [user] = await tx
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, order.createdByUserId))
  if (!user) return
  const lang = await languageOfUser(tx, order.createdByUserId)
  const amount = fromMinor(order.amountMinor, scaleOf(order.currencyCode))
  const why =
    order.status === 'heldForClaim'
      ? renderMessage(lang, 'words.notClaimed', { email: order.toEmail ?? '' })
      : renderMessage(
          lang,
          order.status === 'awaitingApprover' ? 'words.noApprover' : 'words.notApproved',
        )
  await enqueueMessage(tx, {
    channel: 'email',
    recipient: user.username,
    lang,
    mail: 'transferExpired',
    params: { id: order.id, amount: formatMoney(amount, order.currencyCode, lang), why },
  })
}
