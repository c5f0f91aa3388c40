// businessTransactionUserList: the users who created the acting company's approval requests,
// for the createdBy filter of businessTransactionList.
import { and, eq, inArray, isNotNull, or } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { customers, users } from '../db/schema.ts'
import { transferOrders } from '../db/schema-transfers.ts'

export const handler: Handler<'businessTransactionUserList'> = async (context) => {
  const { customerId } = requireSession(context)
  const rows = await context.db
    .selectDistinct({
      email: users.username,
      firstName: customers.firstName,
      lastName: customers.lastName,
    })
    .from(transferOrders)
    .innerJoin(users, eq(users.id, transferOrders.createdByUserId))
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(
      and(
        eq(transferOrders.customerId, customerId),
        or(
          inArray(transferOrders.status, ['awaitingApprover']),
          isNotNull(transferOrders.decidedByUserId),
        ),
      ),
    )
    .orderBy(users.username)
  const list = rows.map((row) => ({
    email: row.email,
    name: [row.firstName, row.lastName].filter(Boolean).join(' '),
  }))
  return rpcOk({ users: list })
}
