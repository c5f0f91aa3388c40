// p2pBeneficiaryList: the people the acting customer has sent P2P money to, most recent first,
// one entry per e-mail with the last amount (product-spec section 7).
import { and, desc, eq, inArray } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { transferOrders } from '../db/schema-transfers.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { fromMinor } from '../../shared/money.ts'

/** How many past transfers are read to find the beneficiaries. */
const scanLimit = 1000

export const handler: Handler<'p2pBeneficiaryList'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const rows = await context.db
    .select()
    .from(transferOrders)
    .where(
      and(
        eq(transferOrders.customerId, customerId),
        eq(transferOrders.kind, 'p2p'),
        inArray(transferOrders.status, ['completed', 'heldForClaim']),
      ),
    )
    .orderBy(desc(transferOrders.createdAt), desc(transferOrders.id))
    .limit(scanLimit)
  const search = input.search?.trim().toLowerCase()
  const seen = new Set<string>()
  const beneficiaries = []
  for (const row of rows) {
    const email = row.toEmail
    if (!email || seen.has(email)) continue
    seen.add(email)
    const name = typeof row.details.payeeName === 'string' ? row.details.payeeName : undefined
    if (search && !email.includes(search) && !name?.toLowerCase().includes(search)) continue
    beneficiaries.push({
      email,
      ...(name ? { name } : {}),
      ...(row.toCustomerId ? { customerId: row.toCustomerId } : {}),
      lastAmount: fromMinor(row.amountMinor, scaleOf(row.currencyCode)),
      lastCurrencyCode: row.currencyCode,
      lastTransferAt: row.createdAt.toISOString(),
    })
  }
  return rpcOk({ beneficiaries })
}
