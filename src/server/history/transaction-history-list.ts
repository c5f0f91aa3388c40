// transactionHistoryList: the acting customer's transactions, newest first, 20 a page from page
// 1 (product-spec sections 3 "History" and 9), derived from the ledger (history-entries.ts).
// Filters: account, customer (one the user may act for), keyword (description, counterparty,
// reference, transaction id, mass batch id), transaction type (a dictionary code; "fees" is
// every fee line: a transfer with a fee is the payer's transfer line and then its fee line), UTC days, amount range (the amount without sign),
// direction, status and counterparty e-mail. The summary covers one account (the filtered
// one, or the only one): balance before the first day, posted debits and credits in the days,
// balance after.
import { sql, type SQL } from 'drizzle-orm'
import { rowsOf } from '../db/raw-rows.ts'
import type { Handler, HandlerContext } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, type RpcData, rpcOk, validationFailure, rpcRefuse } from '../rpc/outcome.ts'
import { accessRightOn } from '../rpc/access.ts'
import { customerAccounts } from '../ledger/balances.ts'
import { languageOfCustomer } from '../messages/reader-language.ts'
import { historyCsvLink, type HistoryFilter } from './history-csv-link.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { fromMinor } from '../../shared/money.ts'
import { isCardProduct } from '../../shared/account-flags.ts'
import { cardHistoryStatuses } from '../../shared/card-flags.ts'
import type { Db } from '../db/open-database.ts'
import {
  describeEntry,
  historyEntries,
  historyStatusOf,
  type HistoryRow,
} from './history-entries.ts'

export type CustomerAccount = Awaited<ReturnType<typeof customerAccounts>>[number]

const ledgerStatusOf = { completed: 'posted', processing: 'pending', rejected: 'voided' } as const

function dayStart(date: string, plusDays = 0): string {
  const day = new Date(`${date}T00:00:00Z`)
  day.setUTCDate(day.getUTCDate() + plusDays)
  return day.toISOString()
}

type Refusal = ReturnType<typeof rpcRefuse> | ReturnType<typeof validationFailure>

/**
 * The accounts a filter reads for the customer, or why it is refused: the filter's
 * customer must be one the user may act for, its days and amounts in order, its account the
 * customer's, a card's history open in its status.
 */
export async function historyScope(
  context: Pick<HandlerContext, 'db' | 'session'>,
  ownCustomerId: number,
  input: HistoryFilter,
): Promise<{ customerId: number; accounts: CustomerAccount[] } | { refusal: Refusal }> {
  let customerId = ownCustomerId
  if (input.customerId !== undefined && input.customerId !== customerId) {
    if ((await accessRightOn(context.db, context.session!, input.customerId)) === 0) {
      return { refusal: rpcRefuse('13', 'answer.access.noCustomerAccess') }
    }
    customerId = input.customerId
  }
  if (input.fromDate && input.toDate && input.fromDate > input.toDate) {
    return {
      refusal: validationFailure([refusal('toDate', 'refusal.common.beforeStartDate')]),
    }
  }
  if (
    input.fromAmount !== undefined &&
    input.toAmount !== undefined &&
    Number(input.fromAmount) > Number(input.toAmount)
  ) {
    return {
      refusal: validationFailure([refusal('toAmount', 'refusal.common.lessThanLowestAmount')]),
    }
  }
  const owned = await customerAccounts(context.db, customerId)
  // A card's history is asked for by its accountId (docs/decisions.md, Cards).
  const accounts =
    input.accountId === undefined
      ? owned.filter((a) => !isCardProduct(a.type))
      : owned.filter((a) => a.id === input.accountId)
  if (input.accountId !== undefined && accounts.length === 0) {
    return {
      refusal: validationFailure([refusal('accountId', 'refusal.common.notYourAccount')]),
    }
  }
  const card = accounts.find((a) => isCardProduct(a.type))
  if (card && !cardHistoryStatuses.has(card.statusId)) {
    return {
      refusal: validationFailure([refusal('accountId', 'refusal.cards.noHistory')]),
    }
  }
  return { customerId, accounts }
}

/** The entries subquery of the accounts (history-entries.ts). */
export function entriesOf(accounts: readonly CustomerAccount[]): SQL {
  const scales = new Map(accounts.map((a) => [a.currencyCode, scaleOf(a.currencyCode)]))
  return historyEntries(
    accounts.map((a) => a.id),
    scales,
  )
}

export const handler: Handler<'transactionHistoryList'> = async (context, input) => {
  const session = requireSession(context)
  const { pageNumber = 1, pageSize = 20, ...filter } = input
  const scope = await historyScope(context, session.customerId, filter)
  if ('refusal' in scope) return scope.refusal
  const { accounts } = scope
  // The same filtered history as CSV, in the requester's language (history-csv-link.ts).
  const lang = context.lang ?? (await languageOfCustomer(context.db, context.session!.customerId))
  // The link names the customer it was allowed for; the filter's own customerId is that one.
  const { customerId: _actingFor, ...linkFilter } = filter
  const exportCsv = await historyCsvLink(context.db, {
    customerId: scope.customerId,
    lang,
    filter: linkFilter,
  })
  if (accounts.length === 0) {
    return rpcOk({ transactions: [], results: 0, rejectedCount: 0, processingCount: 0, exportCsv })
  }
  const entries = entriesOf(accounts)
  const where = filtersOf(filter)
  const page = rowsOf<HistoryRow & { created_iso: string }>(
    await context.db.execute(sql`
      select h.*, to_char(h.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_iso
      from ${entries}
      where ${where}
      order by h.created_at desc, h.transfer_id desc, h.account_id desc, h.part desc
      limit ${pageSize} offset ${(pageNumber - 1) * pageSize}`),
  )
  const [counts] = rowsOf<{ total: number; rejected: number; processing: number }>(
    await context.db.execute(sql`
      select count(*)::int as total,
        (count(*) filter (where h.status = 'voided'))::int as rejected,
        (count(*) filter (where h.status = 'pending'))::int as processing
      from ${entries}
      where ${where}`),
  )
  const transactions = page.map(transactionOf)
  const summary =
    accounts.length === 1
      ? await summaryOf(context.db, entries, accounts[0]!.currencyCode, filter)
      : undefined
  return rpcOk({
    transactions,
    results: counts?.total ?? 0,
    rejectedCount: counts?.rejected ?? 0,
    processingCount: counts?.processing ?? 0,
    exportCsv,
    ...(summary ? { summary } : {}),
  })
}

export function filtersOf(input: HistoryFilter): SQL {
  const filters: SQL[] = [sql`true`]
  if (input.fromDate) filters.push(sql`h.created_at >= ${dayStart(input.fromDate)}::timestamptz`)
  if (input.toDate) filters.push(sql`h.created_at < ${dayStart(input.toDate, 1)}::timestamptz`)
  if (input.transactionType) filters.push(sql`h.type = ${input.transactionType}`)
  if (input.fromAmount !== undefined) {
    filters.push(sql`h.amount_major >= ${input.fromAmount}::numeric`)
  }
  if (input.toAmount !== undefined) filters.push(sql`h.amount_major <= ${input.toAmount}::numeric`)
  if (input.transactionDirection === 'debit') filters.push(sql`h.amount_minor < 0`)
  if (input.transactionDirection === 'credit') filters.push(sql`h.amount_minor > 0`)
  if (input.status) filters.push(sql`h.status = ${ledgerStatusOf[input.status]}`)
  if (input.email) filters.push(sql`lower(h.counterparty_email) = ${input.email.toLowerCase()}`)
  const keyword = input.keyword?.trim()
  if (keyword) {
    const like = `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    const text = sql`(lower(h.ledger_description) like ${like}
      or lower(coalesce(h.counterparty_name, '')) like ${like}
      or lower(coalesce(h.counterparty_email, '')) like ${like}
      or lower(coalesce(h.to_email, '')) like ${like}
      or lower(coalesce(h.reference, '')) like ${like}
      or lower(coalesce(h.details->>'note', '')) like ${like})`
    filters.push(
      /^[0-9]{1,10}$/.test(keyword)
        ? sql`(${text} or h.order_id = ${Number(keyword)} or h.transfer_id = ${Number(keyword)} or h.batch_id = ${Number(keyword)})`
        : text,
    )
  }
  return sql.join(filters, sql` and `)
}

type HistoryTransaction = NonNullable<RpcData<'transactionHistoryList'>['transactions']>[number]

export function transactionOf(row: HistoryRow & { created_iso: string }): HistoryTransaction {
  const scale = scaleOf(row.currency_code)
  const amount = BigInt(row.amount_minor)
  // The fee line is the fee itself; the transfer line still says what fee it cost.
  const fee = Number(row.part) === 1 ? 0n : BigInt(row.fee_minor)
  const own = row.order_kind === 'betweenAccounts'
  return {
    transactionId: row.order_id ?? Number(row.transfer_id),
    date: row.created_iso,
    accountId: row.account_id,
    transactionType: row.type,
    ...describeEntry(row),
    amount: fromMinor(amount, scale),
    currencyCode: row.currency_code,
    fee: fromMinor(fee, scale),
    ...(row.balance_minor !== null ? { balance: fromMinor(BigInt(row.balance_minor), scale) } : {}),
    direction: amount < 0n ? 'debit' : 'credit',
    status: historyStatusOf[row.status],
    ...(!own && row.counterparty_name ? { counterpartyName: row.counterparty_name } : {}),
    ...(!own && row.counterparty_email ? { counterpartyEmail: row.counterparty_email } : {}),
    ...(row.reference ? { reference: row.reference } : {}),
    ...(row.batch_id !== null ? { batchId: row.batch_id } : {}),
  }
}

/** Balances and totals of the one account in the chosen days (posted entries only). */
async function summaryOf(db: Db, entries: SQL, currencyCode: string, input: HistoryFilter) {
  const from = input.fromDate ? sql`${dayStart(input.fromDate)}::timestamptz` : sql`null`
  const to = input.toDate ? sql`${dayStart(input.toDate, 1)}::timestamptz` : sql`null`
  const inDays = sql`(${from}::timestamptz is null or h.created_at >= ${from}) and (${to}::timestamptz is null or h.created_at < ${to})`
  const [row] = rowsOf<Record<string, string | number>>(
    await db.execute(sql`
      select
        coalesce(sum(h.net_minor) filter (where h.status = 'posted' and ${from}::timestamptz is not null and h.created_at < ${from}), 0)::text as beginning,
        coalesce(-sum(h.net_minor) filter (where h.status = 'posted' and h.net_minor < 0 and ${inDays}), 0)::text as debit,
        coalesce(sum(h.net_minor) filter (where h.status = 'posted' and h.net_minor > 0 and ${inDays}), 0)::text as credit,
        (count(*) filter (where h.status = 'pending' and ${inDays}))::int as processing,
        (count(*) filter (where h.status = 'voided' and ${inDays}))::int as rejected
      from ${entries}`),
  )
  const scale = scaleOf(currencyCode)
  const beginning = BigInt(row?.beginning ?? 0)
  const debit = BigInt(row?.debit ?? 0)
  const credit = BigInt(row?.credit ?? 0)
  return {
    currencyCode,
    beginningBalance: fromMinor(beginning, scale),
    totalDebit: fromMinor(debit, scale),
    totalCredit: fromMinor(credit, scale),
    endingBalance: fromMinor(beginning + credit - debit, scale),
    processingCount: Number(row?.processing ?? 0),
    rejectedCount: Number(row?.rejected ?? 0),
  }
}
