// loginHistoryList: the sign-in attempts of the acting customer's users, newest first, one page
// at a time with the total (product-spec sections 7 and 9: pageNumber from 1, pageSize 20).
import { and, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, validationFailure } from '../rpc/outcome.ts'
import { loginHistory, users } from '../db/schema.ts'
import { isFieldError } from './field-error.ts'
import { loginHistoryWindow } from './login-history-window.ts'
import { describeUserAgent } from './user-agent.ts'

export const handler: Handler<'loginHistoryList'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const window = loginHistoryWindow(input.fromDate, input.toDate)
  if (isFieldError(window)) return validationFailure([window])
  const pageNumber = input.pageNumber ?? 1
  const pageSize = input.pageSize ?? 20
  const customerUsers = context.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.customerId, customerId))
  const conditions: SQL[] = [inArray(loginHistory.userId, customerUsers)]
  if (window.from) conditions.push(gte(loginHistory.createdAt, window.from))
  if (window.before) conditions.push(lt(loginHistory.createdAt, window.before))
  const where = and(...conditions)
  const [counted] = await context.db.select({ n: count() }).from(loginHistory).where(where)
  const rows = await context.db
    .select()
    .from(loginHistory)
    .where(where)
    .orderBy(desc(loginHistory.createdAt), desc(loginHistory.id))
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize)
  return rpcOk({
    history: rows.map((row) => ({
      date: row.createdAt.toISOString(),
      ip: row.ip,
      userAgent: row.userAgent,
      ...describeUserAgent(row.userAgent),
      success: row.success,
    })),
    total: counted?.n ?? 0,
  })
}
