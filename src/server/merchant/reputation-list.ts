// reputationList: what the acting merchant may know about the payers who dealt with it,
// optionally for one e-mail, which is trimmed and compared case-insensitively (product-spec
// section 5); one page of up to 100 (section 9) with the total, by e-mail.
import { and, asc, count, eq, type SQL } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { merchantReputationEntries } from '../db/schema-merchant.ts'
import { formats } from '../../shared/formats.ts'
import { reputationView } from './merchant-views.ts'
import { pageWindow } from './page-window.ts'

export const handler: Handler<'reputationList'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const table = merchantReputationEntries
  const where: SQL[] = [
    eq(table.customerId, customerId),
    eq(table.type, input.type ?? 'reputation'),
  ]
  if (input.email !== undefined) {
    const email = input.email.trim().toLowerCase()
    if (email.length > 254 || !formats.email.test(email)) {
      return validationFailure([refusal('email', 'refusal.common.mustBeEmail')])
    }
    where.push(eq(table.email, email))
  }
  const [counted] = await context.db
    .select({ total: count() })
    .from(table)
    .where(and(...where))
  const window = pageWindow(input.pageNumber ?? 1, input.pageSize ?? 100)
  const rows = window
    ? await context.db
        .select()
        .from(table)
        .where(and(...where))
        .orderBy(asc(table.email))
        .limit(window.limit)
        .offset(window.offset)
    : []
  return rpcOk({ items: rows.map(reputationView), total: counted?.total ?? 0 })
}
