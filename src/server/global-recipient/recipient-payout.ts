// The recipient's approved withdrawal leaves (issue 16): the held money of the global order
// goes to the rail by the chosen method through the external payout path (rail-hand-over.ts);
// the rail's report later posts the hold (paid) or voids it (back to the sender).
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { globalPayments } from '../db/schema-transfers.ts'
import { lockOrders } from '../transfers/order-settlement.ts'
import { handToRail } from '../transfers/rail-hand-over.ts'
import type { RecipientPayment } from './recipient-payment.ts'

/** The held money goes to the rail by the recipient's method; the payment is paying. */
export async function payOut(tx: Db, { payment, order }: RecipientPayment): Promise<void> {
  const [current] = await lockOrders(tx, [order.id])
  if (current?.status !== 'heldForClaim') throw new Error(`assertion: order ${order.id} is held`)
  const withdrawal = payment.withdrawal ?? {}
  const details = {
    ...current.details,
    payoutKind: withdrawal.kind,
    destination: withdrawal.destination,
    countryCode: withdrawal.countryCode,
  }
  await handToRail(tx, { ...current, details })
  await tx
    .update(globalPayments)
    .set({ status: 'paying', decidedAt: new Date(), codeHash: null })
    .where(eq(globalPayments.id, payment.id))
}
