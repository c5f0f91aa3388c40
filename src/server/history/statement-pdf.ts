// The PDF of a monthly statement and the job that builds it (statements.ts): the account's
// posted lines of the month, oldest first, a fee its own line, between the opening balance
// (everything posted before the month) and the closing balance (the opening plus money in less
// money out), with the totals and the fees among them, in the reader's language: texts of
// locales/<lang>/messages.json ("pdf.statement"), descriptions and types as the history page
// says them, amounts and dates by Intl. Lines still pending or refused are not the balance's
// and are only counted. The month of the current month ends now.
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customers } from '../db/schema.ts'
import { rowsOf } from '../db/raw-rows.ts'
import { accountOfCustomer } from '../ledger/accounts.ts'
import { customerDisplayName } from '../security/legal-documents.ts'
import { storeFile } from '../uploads/stored-files.ts'
import { renderFormPdf, type FormContent } from './../pdf/form-pdf.ts'
import { formatMoney, fromMinor } from '../../shared/money.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { localeOf, renderMessage, type Lang, type MessageParams } from '../messages/messages.ts'
import { PermanentJobError, type JobRunner } from '../jobs/job-context.ts'
import type { HistoryRow } from './history-entries.ts'
import { historyEntries } from './history-entries.ts'
import { transactionOf } from './transaction-history-list.ts'
import { csvDate, describedAs } from './history-csv.ts'
import { nextMonthStart, recordStatementFile, type StatementPayload } from './statements.ts'

export interface StatementFacts {
  holderName: string
  accountId: number
  currencyCode: string
  dateFrom: string
  /** The first instant after the statement's period (the next month, or now). */
  end: Date
  openingMinor: bigint
  lines: HistoryRow[]
  pendingCount: number
}

/** The month's facts of one account, read from the ledger's history (history-entries.ts). */
export async function statementFacts(
  db: Db,
  payload: StatementPayload,
  now: Date,
): Promise<StatementFacts | undefined> {
  const account = await accountOfCustomer(db, payload.customerId, payload.accountId)
  const [customer] = await db.select().from(customers).where(eq(customers.id, payload.customerId))
  if (!account || !customer) return undefined
  const start = new Date(`${payload.dateFrom}T00:00:00Z`)
  const next = nextMonthStart(payload.dateFrom)
  const end = next < now ? next : now
  const code = account.currencyCode
  const entries = historyEntries([account.id], new Map([[code, scaleOf(code)]]))
  const lines = rowsOf<HistoryRow & { created_iso: string }>(
    await db.execute(sql`
      select h.*, to_char(h.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_iso
      from ${entries}
      where h.status = 'posted' and h.created_at >= ${start.toISOString()}::timestamptz
        and h.created_at < ${end.toISOString()}::timestamptz
      order by h.created_at, h.transfer_id, h.part`),
  )
  const [totals] = rowsOf<{ opening: string; pending: number }>(
    await db.execute(sql`
      select coalesce(sum(h.net_minor) filter (where h.status = 'posted'
          and h.created_at < ${start.toISOString()}::timestamptz), 0)::text as opening,
        (count(*) filter (where h.status = 'pending' and h.created_at >= ${start.toISOString()}::timestamptz
          and h.created_at < ${end.toISOString()}::timestamptz))::int as pending
      from ${entries}`),
  )
  return {
    holderName: customerDisplayName(customer),
    accountId: account.id,
    currencyCode: code,
    dateFrom: payload.dateFrom,
    end,
    openingMinor: BigInt(totals?.opening ?? 0),
    lines,
    pendingCount: Number(totals?.pending ?? 0),
  }
}

/** "November 2026" in the language. */
export function monthName(lang: Lang, dateFrom: string): string {
  return new Intl.DateTimeFormat(localeOf(lang), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${dateFrom}T00:00:00Z`))
}

/** A day in the language, as the CSV's dates are. */
function dayName(lang: Lang, date: Date): string {
  return new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    date,
  )
}

/** Money in, money out, fees and the closing balance, in minor units. */
export function statementTotals(facts: StatementFacts) {
  let moneyIn = 0n
  let moneyOut = 0n
  let fees = 0n
  for (const line of facts.lines) {
    const net = BigInt(line.net_minor)
    if (net > 0n) moneyIn += net
    else moneyOut -= net
    if (line.type === 'fees') fees -= net
  }
  return { moneyIn, moneyOut, fees, closing: facts.openingMinor + moneyIn - moneyOut }
}

/** The statement's text in the reader's language. */
export function statementContent(facts: StatementFacts, lang: Lang, now: Date): FormContent {
  const text = (key: string, params?: MessageParams) =>
    renderMessage(lang, `pdf.statement.${key}` as Parameters<typeof renderMessage>[1], params)
  const scale = scaleOf(facts.currencyCode)
  const money = (minor: bigint) => formatMoney(fromMinor(minor, scale), facts.currencyCode, lang)
  const totals = statementTotals(facts)
  const month = monthName(lang, facts.dateFrom)
  const lastDay = new Date(facts.end.getTime() - 1)
  const first = new Date(`${facts.dateFrom}T00:00:00Z`)
  const lines = facts.lines.map((row) => {
    const entry = transactionOf(row as HistoryRow & { created_iso: string })
    return [
      `${csvDate(lang, entry.date)}  ${describedAs(lang, entry)}`,
      money(BigInt(row.net_minor)),
    ] as const
  })
  return {
    title: text('title'),
    subtitle: month,
    sections: [
      {
        heading: text('account'),
        rows: [
          [text('holder'), facts.holderName],
          [text('account'), String(facts.accountId)],
          [text('currency'), facts.currencyCode],
        ],
      },
      {
        heading: text('balances'),
        rows: [
          [text('opening', { date: dayName(lang, first) }), money(facts.openingMinor)],
          [text('totalIn'), money(totals.moneyIn)],
          [text('totalOut'), money(-totals.moneyOut)],
          [text('fees'), money(-totals.fees)],
          [text('closing', { date: dayName(lang, lastDay) }), money(totals.closing)],
        ],
        ...(facts.pendingCount > 0 && {
          paragraphs: [
            text('pending', { date: dayName(lang, lastDay), count: facts.pendingCount }),
          ],
        }),
      },
      {
        heading: text('lines'),
        ...(lines.length > 0 ? { rows: lines } : { paragraphs: [text('none')] }),
      },
    ],
    author: facts.holderName,
    subject: text('subject', { account: facts.accountId, month }),
    keywords: [text('title'), String(facts.accountId), facts.dateFrom.slice(0, 7)],
    createdAt: now,
  }
}

function isPayload(
  value: Record<string, unknown>,
): value is Record<string, unknown> & StatementPayload {
  return (
    typeof value.customerId === 'number' &&
    typeof value.accountId === 'number' &&
    typeof value.dateFrom === 'string' &&
    typeof value.lang === 'string'
  )
}

/** The job: reads the month, renders the PDF, stores it for the customer, records it. */
export const buildStatementJob: JobRunner = async ({ db, now, job }, payload) => {
  if (!isPayload(payload)) throw new PermanentJobError('malformed statement payload')
  if (payload.fileId !== undefined) return
  const facts = await statementFacts(db, payload, now)
  if (!facts) throw new PermanentJobError("the account is no longer the customer's")
  const pdf = await renderFormPdf(statementContent(facts, payload.lang, now))
  await db.transaction(async (tx) => {
    const fileId = await storeFile(tx, payload.customerId, 'statement', {
      fileName: `statement-${facts.accountId}-${facts.dateFrom.slice(0, 7)}.pdf`,
      contentType: 'application/pdf',
      content: Buffer.from(pdf),
    })
    await recordStatementFile(tx, job.id, fileId)
  })
}
