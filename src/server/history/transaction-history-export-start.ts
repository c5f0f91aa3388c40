// transactionHistoryExportStart: starts building a monthly statement of one of the acting
// customer's accounts (statements.ts); the portal polls transactionHistoryExportStatusGet.
// Refused with VF naming the field: an account that is not the customer's (the same words as
// one that does not exist), a day other than the first of a month, a month still to come, a
// month that ended before the account was opened. A month that has ended and has a statement
// being built or ready answers that one; the current month is built anew each time, up to now.
import { sql } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { rowsOf } from '../db/raw-rows.ts'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure, type RefusalKey } from '../rpc/outcome.ts'
import { accountOfCustomer } from '../ledger/accounts.ts'
import { languageOfCustomer } from '../messages/reader-language.ts'
import { liveStatementOf, nextMonthStart, startStatement } from './statements.ts'

/** Why a month cannot have a statement of an account opened at openedAt, if it cannot. */
export function monthRefusal(dateFrom: string, openedAt: Date, now: Date): RefusalKey | undefined {
  if (!dateFrom.endsWith('-01')) return 'refusal.statements.notFirstDay'
  const thisMonth = `${now.toISOString().slice(0, 7)}-01`
  if (dateFrom > thisMonth) return 'refusal.statements.monthToCome'
  if (nextMonthStart(dateFrom) <= openedAt) return 'refusal.statements.beforeOpened'
  return undefined
}

/** When the account opened: its creation, or its first posting if that is older (demo data). */
async function openedAt(db: Db, account: { id: number; createdAt: Date }): Promise<Date> {
  const [row] = rowsOf<{ first: string | null }>(
    await db.execute(sql`
      select to_char(min(t.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as first
      from ledger_postings p join ledger_transfers t on t.id = p.transfer_id
      where p.account_id = ${account.id}`),
  )
  const first = row?.first ? new Date(row.first) : undefined
  return first && first < account.createdAt ? first : account.createdAt
}

export const handler: Handler<'transactionHistoryExportStart'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const account = await accountOfCustomer(context.db, customerId, input.accountId)
  if (!account || account.purpose !== 'customer') {
    return validationFailure([refusal('accountId', 'refusal.statements.notYourAccount')])
  }
  const now = new Date()
  const month = monthRefusal(input.dateFrom, await openedAt(context.db, account), now)
  if (month) return validationFailure([refusal('dateFrom', month)])
  if (nextMonthStart(input.dateFrom) <= now) {
    const live = await liveStatementOf(context.db, customerId, account.id, input.dateFrom)
    if (live) return rpcOk({ exportId: live.exportId })
  }
  // The reader is the signed-in person, who may act for a company.
  const lang = context.lang ?? (await languageOfCustomer(context.db, context.session!.customerId))
  const exportId = await startStatement(context.db, {
    customerId,
    accountId: account.id,
    dateFrom: input.dateFrom,
    lang,
  })
  return rpcOk({ exportId })
}
