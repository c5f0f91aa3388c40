// merchantIdentityVerificationList: the identity verifications the acting merchant requested,
// newest first, filtered by person, status and creation day (UTC, both days included), one
// page of up to 1000 (section 9) with the total and the fee a new one would cost.
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import type { Handler, RequestOf } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { merchantIdentityVerifications } from '../db/schema-merchant.ts'
import { customerAccounts } from '../ledger/balances.ts'
import { AccountStatus } from '../../generated/constants.ts'
import { isCardProduct } from '../../shared/account-flags.ts'
import { startOfDay, startOfNextDay } from './day-bounds.ts'
import { identityVerificationFee } from './identity-verification-fees.ts'
import { verificationView } from './merchant-views.ts'
import { pageWindow } from './page-window.ts'

type Filters = RequestOf<'merchantIdentityVerificationList'>

function conditions(customerId: number, filters: Filters): SQL[] {
  const table = merchantIdentityVerifications
  const where: SQL[] = [eq(table.customerId, customerId)]
  if (filters.email !== undefined) where.push(eq(table.email, filters.email.trim().toLowerCase()))
  if (filters.status !== undefined) where.push(eq(table.status, filters.status))
  if (filters.fromDate !== undefined) where.push(gte(table.createdAt, startOfDay(filters.fromDate)))
  if (filters.toDate !== undefined) where.push(lt(table.createdAt, startOfNextDay(filters.toDate)))
  return where
}

/** The fee in the currency of the merchant's first active account that offers one. */
async function currentFee(db: Db, customerId: number) {
  const accounts = await customerAccounts(db, customerId)
  for (const account of accounts) {
    if (account.statusId !== AccountStatus.Active || isCardProduct(account.type)) continue
    const fee = identityVerificationFee(account.currencyCode)
    if (fee) return { amount: fee.amount, currencyCode: fee.currencyCode }
  }
  return undefined
}

export const handler: Handler<'merchantIdentityVerificationList'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const where = and(...conditions(customerId, input))
  const table = merchantIdentityVerifications
  const [counted] = await context.db.select({ total: count() }).from(table).where(where)
  const window = pageWindow(input.pageNumber ?? 1, input.pageSize ?? 1000)
  const rows = window
    ? await context.db
        .select()
        .from(table)
        .where(where)
        .orderBy(desc(table.createdAt), desc(table.id))
        .limit(window.limit)
        .offset(window.offset)
    : []
  const fee = await currentFee(context.db, customerId)
  return rpcOk({
    items: rows.map(verificationView),
    total: counted?.total ?? 0,
    ...(fee ? { fee } : {}),
  })
}
