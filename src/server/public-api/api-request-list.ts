// apiRequestList: the calls made with the merchant's API keys, newest first, filtered by key
// and dates (product-spec section 3, API request log filter). Calls with an unknown key have
// no owner and are not listed.
import { and, desc, eq, gte, isNotNull, lt, type SQL } from 'drizzle-orm'
import { requireSession, type Handler } from '../rpc/handler-context.ts'
import { reply, type FieldError } from '../rpc/outcome.ts'
import { apiRequests } from '../db/schema-public-api.ts'
import { apiRequestView } from './public-api-views.ts'
import { dateWindow, invalidInput } from './public-api-records.ts'

/** The list has no paging in the product; the newest this many are enough to read. */
const maxRows = 1000

export const handler: Handler<'apiRequestList'> = async (context) => {
  const { customerId } = requireSession(context)
  const { apiKeyId, fromDate, toDate } = context.query
  const errors: FieldError[] = []
  const window = dateWindow(fromDate, toDate, errors)
  if (errors.length > 0) return invalidInput(errors)
  const conditions: SQL[] = [
    eq(apiRequests.customerId, customerId),
    isNotNull(apiRequests.apiKeyId),
  ]
  if (apiKeyId !== undefined) conditions.push(eq(apiRequests.apiKeyId, apiKeyId))
  if (window.from) conditions.push(gte(apiRequests.createdAt, window.from))
  if (window.before) conditions.push(lt(apiRequests.createdAt, window.before))
  const rows = await context.db
    .select()
    .from(apiRequests)
    .where(and(...conditions))
    .orderBy(desc(apiRequests.id))
    .limit(maxRows)
  const items = rows.map((row) =>
    apiRequestView({ ...row, customerId, apiKeyId: row.apiKeyId ?? 0 }),
  )
  return reply(200, { items })
}
