// The withdrawals a recipient made before (issue 16): those of the global payments sent to the
// same e-mail that went out to a rail, so a returning recipient may reuse their details.
import { and, desc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { globalPayments, transferOrders } from '../db/schema-transfers.ts'

const withdrawnStatuses = ['paying', 'paid', 'returned']

export async function withdrawalsTo(db: Db, email: string, limit: number) {
  return db
    .select({ payment: globalPayments, order: transferOrders })
    .from(globalPayments)
    .innerJoin(transferOrders, eq(transferOrders.id, globalPayments.orderId))
    .where(and(eq(globalPayments.email, email), inArray(globalPayments.status, withdrawnStatuses)))
    .orderBy(desc(globalPayments.decidedAt), desc(globalPayments.id))
    .limit(limit)
}

export async function withdrawalOf(db: Db, email: string, paymentId: number) {
  const [row] = await db
    .select()
    .from(globalPayments)
    .where(
      and(
        eq(globalPayments.id, paymentId),
        eq(globalPayments.email, email),
        inArray(globalPayments.status, withdrawnStatuses),
      ),
    )
  return row
}
