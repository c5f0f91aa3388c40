// webhookRequestList: every delivery attempt and ping of the merchant's webhooks, newest
// first, 20 a page by default with an opaque cursor (product-spec sections 3 and 9). The
// query text is looked for in the URL, the event type and both bodies.
import { and, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm'
import { requireSession, type Handler } from '../rpc/handler-context.ts'
import { type FieldError, refusal, reply } from '../rpc/outcome.ts'
import { webhookRequests } from '../db/schema-public-api.ts'
import { webhookRequestView } from './public-api-views.ts'
import { dateWindow, invalidInput } from './public-api-records.ts'

export const handler: Handler<'webhookRequestList'> = async (context) => {
  const { customerId } = requireSession(context)
  const { query: text, fromDate, toDate, cursor } = context.query
  // The dispatcher fills in the spec's default (20); the type cannot say so.
  const limit = context.query.limit ?? 20
  const errors: FieldError[] = []
  const window = dateWindow(fromDate, toDate, errors)
  const before = cursor === undefined ? undefined : cursorId(cursor)
  if (before === null) errors.push(refusal('cursor', 'refusal.common.notACursor'))
  if (errors.length > 0) return invalidInput(errors)

  const conditions: SQL[] = [eq(webhookRequests.customerId, customerId)]
  if (typeof before === 'number') conditions.push(lt(webhookRequests.id, before))
  if (window.from) conditions.push(gte(webhookRequests.createdAt, window.from))
  if (window.before) conditions.push(lt(webhookRequests.createdAt, window.before))
  if (text) {
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    conditions.push(
      or(
        ilike(webhookRequests.url, pattern),
        ilike(webhookRequests.eventType, pattern),
        ilike(webhookRequests.requestBody, pattern),
        ilike(webhookRequests.responseBody, pattern),
      ) as SQL,
    )
  }
  const rows = await context.db
    .select()
    .from(webhookRequests)
    .where(and(...conditions))
    .orderBy(desc(webhookRequests.id))
    .limit(limit + 1)
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return reply(200, {
    items: page.map(webhookRequestView),
    ...(rows.length > limit && last ? { nextCursor: cursorFor(last.id) } : {}),
  })
}

/** A cursor names the last row of a page; it is opaque to clients. */
function cursorFor(id: number): string {
  return Buffer.from(`before:${id}`, 'utf8').toString('base64url')
}

function cursorId(cursor: string): number | null {
  const match = /^before:([1-9][0-9]{0,15})$/.exec(Buffer.from(cursor, 'base64url').toString())
  return match?.[1] ? Number(match[1]) : null
}
