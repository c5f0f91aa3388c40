// subscriberList: the acting merchant's subscribers, newest first, optionally those whose
// e-mail or name contains the search text; one page of up to 50 (section 9) with the total.
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { merchantSubscribers } from '../db/schema-merchant.ts'
import { subscriberView } from './merchant-views.ts'
import { pageWindow } from './page-window.ts'

/** A LIKE pattern that matches the text literally anywhere. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

export const handler: Handler<'subscriberList'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const table = merchantSubscribers
  const conditions: (SQL | undefined)[] = [eq(table.customerId, customerId)]
  if (input.search !== undefined) {
    const pattern = containing(input.search)
    conditions.push(or(ilike(table.email, pattern), ilike(table.name, pattern)))
  }
  const where = and(...conditions)
  const [counted] = await context.db.select({ total: count() }).from(table).where(where)
  const window = pageWindow(input.pageNumber ?? 1, input.pageSize ?? 50)
  const rows = window
    ? await context.db
        .select()
        .from(table)
        .where(where)
        .orderBy(desc(table.createdAt), desc(table.id))
        .limit(window.limit)
        .offset(window.offset)
    : []
  return rpcOk({ subscribers: rows.map(subscriberView), total: counted?.total ?? 0 })
}
