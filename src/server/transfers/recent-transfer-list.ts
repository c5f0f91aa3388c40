// recentTransferList: the acting customer's recent outgoing transfers, newest first, for
// repeating one (product-spec sections 5, 7 and 9; the P2P screen asks for 3). P2P is the only
// type served so far; the external types join when their rails do. Refused and expired
// transfers are not offered.
import { and, desc, eq, ilike, inArray, or } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { transferOrders } from '../db/schema-transfers.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { fromMinor } from '../../shared/money.ts'

export const handler: Handler<'recentTransferList'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const wantsP2p = input.types === undefined || input.types.includes('p2p')
  // Only third-party P2P exists so far: an "own" permission filter matches none of them.
  if (!wantsP2p || input.permission === 'own' || input.countryCode !== undefined) {
    return rpcOk({ transfers: [] })
  }
  const search = input.search?.trim()
  const rows = await context.db
    .select()
    .from(transferOrders)
    .where(
      and(
        eq(transferOrders.customerId, customerId),
        eq(transferOrders.kind, 'p2p'),
        inArray(transferOrders.status, [
          'completed',
          'heldForClaim',
          'awaitingCode',
          'awaitingApprover',
        ]),
        ...(search ? [or(ilike(transferOrders.toEmail, `%${escapeLike(search)}%`))] : []),
      ),
    )
    .orderBy(desc(transferOrders.createdAt), desc(transferOrders.id))
    .limit(input.limit ?? 5)
  const transfers = rows.map((row) => ({
    transactionId: row.id,
    type: 'p2p' as const,
    permission: '3d' as const,
    ...(typeof row.details.payeeName === 'string'
      ? { beneficiaryName: row.details.payeeName }
      : {}),
    destination: row.toEmail ?? '',
    amount: fromMinor(row.amountMinor, scaleOf(row.currencyCode)),
    currencyCode: row.currencyCode,
    createdAt: row.createdAt.toISOString(),
    isDisabled: false,
  }))
  return rpcOk({ transfers })
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}
