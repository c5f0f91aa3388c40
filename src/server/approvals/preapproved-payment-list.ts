// preapprovedPaymentList: the acting customer's active recurring transfers (the pre-approved
// subscriptions of product-spec section 3), filtered by payee e-mail, amount range and type
// (betweenAccounts or p2p).
import { and, desc, eq, type SQL } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { transferSubscriptions } from '../db/schema-transfers.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { fromMinor, toMinor } from '../../shared/money.ts'

export const handler: Handler<'preapprovedPaymentList'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const filters: SQL[] = [
    eq(transferSubscriptions.customerId, customerId),
    eq(transferSubscriptions.status, 'active'),
  ]
  if (input.type) filters.push(eq(transferSubscriptions.kind, input.type))
  if (input.beneficiaryEmail) {
    filters.push(eq(transferSubscriptions.toEmail, input.beneficiaryEmail.trim().toLowerCase()))
  }
  const rows = await context.db
    .select()
    .from(transferSubscriptions)
    .where(and(...filters))
    .orderBy(desc(transferSubscriptions.id))
  // Amount bounds compare at each subscription's own scale, so no float is involved.
  const within = (row: (typeof rows)[number]) => {
    const scale = scaleOf(row.currencyCode)
    const atScale = (amount: string) => {
      const [whole = '0', fraction = ''] = amount.split('.')
      return toMinor(`${whole}.${fraction.slice(0, scale) || '0'}`, scale)
    }
    if (input.fromAmount !== undefined && row.amountMinor < atScale(input.fromAmount)) return false
    if (input.toAmount !== undefined && row.amountMinor > atScale(input.toAmount)) return false
    return true
  }
  const preapprovedPayments = rows.filter(within).map((row) => ({
    id: row.id,
    amount: fromMinor(row.amountMinor, scaleOf(row.currencyCode)),
    currencyCode: row.currencyCode,
    toAccount: row.toAccountId ?? 0,
    type: row.kind,
    ...(row.toEmail ? { beneficiaryEmail: row.toEmail } : {}),
  }))
  return rpcOk({ preapprovedPayments })
}
