// batchTransferList: the acting customer's mass (batch) transfers, newest first, 20 a page
// from page 1 (product-spec sections 3 "History" and 9), filtered by a search (the file name,
// the batch id or a payee of its lines), the mass types and the creation dates (UTC days).
// Counts and the status come from the batch's orders as they are now, so an approval, a
// decline or a claim shows without the batch keeping a copy.
import { and, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { massBatchRows, massBatches } from '../db/schema-mass.ts'
import { transferOrders } from '../db/schema-transfers.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { fromMinor } from '../../shared/money.ts'

/** Order statuses of a payment done: moved, or paid out by its rail. */
export const doneStatuses = ['completed', 'settled']

/** Order statuses a customer sees as refused. */
export const rejectedStatuses = ['declined', 'expired', 'failed', 'returned']

export function batchStatusOf(counts: {
  total: number
  completed: number
  rejected: number
  awaitingApprover: number
}): string {
  if (counts.awaitingApprover > 0) return 'awaitingApproval'
  if (counts.completed === counts.total) return 'completed'
  if (counts.rejected === counts.total) return 'rejected'
  if (counts.completed + counts.rejected === counts.total) return 'partiallyCompleted'
  return 'processing'
}

function dayStart(date: string, plusDays = 0): Date {
  const day = new Date(`${date}T00:00:00Z`)
  day.setUTCDate(day.getUTCDate() + plusDays)
  return day
}

export const handler: Handler<'batchTransferList'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const pageNumber = input.pageNumber ?? 1
  const pageSize = input.pageSize ?? 20
  const filters: SQL[] = [eq(massBatches.customerId, customerId)]
  if (input.types && input.types.length > 0) filters.push(inArray(massBatches.type, input.types))
  if (input.from) filters.push(gte(massBatches.createdAt, dayStart(input.from)))
  if (input.to) filters.push(lt(massBatches.createdAt, dayStart(input.to, 1)))
  const search = input.search?.trim()
  if (search) {
    const like = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    const byText = or(
      sql`lower(${massBatches.fileName}) like ${like}`,
      sql`exists (select 1 from ${massBatchRows} where ${massBatchRows.batchId} = ${massBatches.id} and lower(${massBatchRows.payee}) like ${like})`,
    )!
    filters.push(
      /^[0-9]{1,10}$/.test(search) && Number(search) <= 2 ** 31 - 1
        ? or(eq(massBatches.id, Number(search)), byText)!
        : byText,
    )
  }
  const where = and(...filters)
  const [total] = await context.db.select({ n: count() }).from(massBatches).where(where)
  const page = await context.db
    .select()
    .from(massBatches)
    .where(where)
    .orderBy(desc(massBatches.createdAt), desc(massBatches.id))
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize)
  const ids = page.map((b) => b.id)
  const counts =
    ids.length === 0
      ? []
      : await context.db
          .select({
            batchId: massBatchRows.batchId,
            total: count(),
            completed: sql<number>`count(*) filter (where ${inArray(transferOrders.status, doneStatuses)})::int`,
            rejected: sql<number>`count(*) filter (where ${inArray(transferOrders.status, rejectedStatuses)})::int`,
            awaitingApprover: sql<number>`count(*) filter (where ${transferOrders.status} = 'awaitingApprover')::int`,
          })
          .from(massBatchRows)
          .innerJoin(transferOrders, eq(transferOrders.id, massBatchRows.orderId))
          .where(inArray(massBatchRows.batchId, ids))
          .groupBy(massBatchRows.batchId)
  const transfer = page.map((batch) => {
    const c = counts.find((row) => row.batchId === batch.id) ?? {
      total: batch.rowCount,
      completed: 0,
      rejected: 0,
      awaitingApprover: 0,
    }
    return {
      id: batch.id,
      name: batch.fileName,
      type: batch.type,
      createdDate: batch.createdAt.toISOString(),
      status: batchStatusOf(c),
      accountId: batch.fromAccountId,
      currencyCode: batch.currencyCode,
      totalAmount: fromMinor(batch.totalMinor, scaleOf(batch.currencyCode)),
      transferCount: batch.rowCount,
      processedCount: c.completed,
      rejectedCount: c.rejected,
      hasFile: true,
    }
  })
  return rpcOk({ batchTransfer: { transfer }, total: total?.n ?? 0 })
}
