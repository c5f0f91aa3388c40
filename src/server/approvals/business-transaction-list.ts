// businessTransactionList: the acting company's transactions waiting for an approver, newest
// first, 50 a page (product-spec sections 4, 6 and 9), filtered by type, grouped type
// ('transfer' for every type served so far), creation dates (UTC days) and creator.
import { and, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { users } from '../db/schema.ts'
import { transferOrders } from '../db/schema-transfers.ts'
import { massBatchRows } from '../db/schema-mass.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { fromMinor } from '../../shared/money.ts'

export const groupedTypeOfKind: Record<string, string> = {
  betweenAccounts: 'transfer',
  p2p: 'transfer',
}

export const handler: Handler<'businessTransactionList'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const pageNumber = input.pageNumber ?? 1
  const pageSize = input.pageSize ?? 50
  const filters: SQL[] = [
    eq(transferOrders.customerId, customerId),
    eq(transferOrders.status, 'awaitingApprover'),
  ]
  if (input.transactionType) filters.push(eq(transferOrders.kind, input.transactionType))
  if (input.groupedTransactionType) {
    const kinds = Object.keys(groupedTypeOfKind).filter(
      (kind) => groupedTypeOfKind[kind] === input.groupedTransactionType,
    )
    if (kinds.length === 0) return rpcOk({ requests: [], total: 0 })
    filters.push(inArray(transferOrders.kind, kinds))
  }
  if (input.fromDate)
    filters.push(gte(transferOrders.createdAt, new Date(`${input.fromDate}T00:00:00Z`)))
  if (input.toDate) {
    const end = new Date(`${input.toDate}T00:00:00Z`)
    end.setUTCDate(end.getUTCDate() + 1)
    filters.push(lt(transferOrders.createdAt, end))
  }
  if (input.createdBy) filters.push(eq(users.username, input.createdBy.trim().toLowerCase()))
  const where = and(...filters)
  const [total] = await context.db
    .select({ n: count() })
    .from(transferOrders)
    .innerJoin(users, eq(users.id, transferOrders.createdByUserId))
    .where(where)
  const rows = await context.db
    .select({
      order: transferOrders,
      createdBy: users.username,
      massBatchId: massBatchRows.batchId,
    })
    .from(transferOrders)
    .innerJoin(users, eq(users.id, transferOrders.createdByUserId))
    .leftJoin(massBatchRows, eq(massBatchRows.orderId, transferOrders.id))
    .where(where)
    .orderBy(desc(transferOrders.createdAt), desc(transferOrders.id))
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize)
  const requests = rows.map(({ order, createdBy, massBatchId }) => ({
    id: order.id,
    created: order.createdAt.toISOString(),
    transactionType: order.kind,
    groupedTransactionType: groupedTypeOfKind[order.kind] ?? order.kind,
    createdBy,
    amount: fromMinor(order.amountMinor, scaleOf(order.currencyCode)),
    currencyCode: order.currencyCode,
    // A request of a mass batch is decided with the batch (businessTransactionMassApprove).
    ...(massBatchId !== null ? { massBatchId } : {}),
  }))
  return rpcOk({ requests, total: total?.n ?? 0 })
}
