// logoList: the merchant's business logos, default first, then newest first; one page of up
// to 1000 (product-spec section 9) with the total. Images are left out; logoGet answers one.
import { count, desc, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { merchantLogos } from '../db/schema-merchant.ts'
import { logoSummaryColumns } from './merchant-logos.ts'
import { logoView } from './merchant-views.ts'
import { pageWindow } from './page-window.ts'

export const handler: Handler<'logoList'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const mine = eq(merchantLogos.customerId, customerId)
  const [counted] = await context.db.select({ total: count() }).from(merchantLogos).where(mine)
  const window = pageWindow(input.pageNumber ?? 1, input.pageSize ?? 1000)
  const rows = window
    ? await context.db
        .select(logoSummaryColumns)
        .from(merchantLogos)
        .where(mine)
        .orderBy(
          desc(merchantLogos.isDefault),
          desc(merchantLogos.createdAt),
          desc(merchantLogos.id),
        )
        .limit(window.limit)
        .offset(window.offset)
    : []
  return rpcOk({ logos: rows.map((row) => logoView(row)), total: counted?.total ?? 0 })
}
