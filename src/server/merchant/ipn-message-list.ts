// ipnMessageList: the instant payment notifications sent to the acting merchant, newest
// first, about payments in the given statuses (1 by default, section 9) and creation days
// (UTC, both included); one page of up to 25 with the page echoed, so the portal can apply
// its load-more rule (pageSize * pageNumber <= total).
import { and, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { merchantIpnMessages } from '../db/schema-merchant.ts'
import { startOfDay, startOfNextDay } from './day-bounds.ts'
import { ipnMessageView } from './merchant-views.ts'
import { pageWindow } from './page-window.ts'

export const handler: Handler<'ipnMessageList'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const table = merchantIpnMessages
  const where: SQL[] = [
    eq(table.customerId, customerId),
    inArray(table.statusId, input.statusIds ?? [1]),
  ]
  if (input.fromDate !== undefined) where.push(gte(table.createdAt, startOfDay(input.fromDate)))
  if (input.toDate !== undefined) where.push(lt(table.createdAt, startOfNextDay(input.toDate)))
  const pageNumber = input.pageNumber ?? 1
  const pageSize = input.pageSize ?? 25
  const [counted] = await context.db
    .select({ total: count() })
    .from(table)
    .where(and(...where))
  const window = pageWindow(pageNumber, pageSize)
  const rows = window
    ? await context.db
        .select()
        .from(table)
        .where(and(...where))
        .orderBy(desc(table.createdAt), desc(table.id))
        .limit(window.limit)
        .offset(window.offset)
    : []
  return rpcOk({
    ipnMessages: rows.map(ipnMessageView),
    pageSize,
    pageNumber,
    total: counted?.total ?? 0,
  })
}
