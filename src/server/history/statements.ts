// Monthly statements (product-spec section 3, History: statement export; docs/decisions.md,
// History export and statements). A statement is the job that builds it (jobs, kind
// statementBuild: the customer, the account, the month, the reader's language) and, once
// built, the PDF it stored (stored_files, purpose statement), whose id the job adds to its
// payload; its exportId is the job's id. So it is processing while the job waits or runs,
// ready once it is done, failed once it gave up. No table of its own: the jobs table is
// already durable and shared by every instance.
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { jobs } from '../db/schema-jobs.ts'
import type { Lang } from '../messages/messages.ts'

export const statementJobKind = 'statementBuild'
export const statementMaxAttempts = 3

export interface StatementPayload {
  customerId: number
  accountId: number
  /** The first day of the month, YYYY-MM-DD. */
  dateFrom: string
  lang: Lang
  /** Set by the job once the PDF is stored. */
  fileId?: number
}

export type StatementStatus = 'processing' | 'ready' | 'failed'

export interface Statement {
  exportId: string
  payload: StatementPayload
  status: StatementStatus
  createdAt: Date
}

type JobRow = typeof jobs.$inferSelect

function statementOf(row: JobRow): Statement {
  const payload = row.payload as unknown as StatementPayload
  const status: StatementStatus =
    row.doneAt && payload.fileId !== undefined
      ? 'ready'
      : row.attempts >= row.maxAttempts
        ? 'failed'
        : 'processing'
  return { exportId: String(row.id), payload, status, createdAt: row.createdAt }
}

/** The last day of the month that starts on dateFrom. */
export function monthEnd(dateFrom: string): string {
  const day = new Date(`${dateFrom}T00:00:00Z`)
  day.setUTCMonth(day.getUTCMonth() + 1, 0)
  return day.toISOString().slice(0, 10)
}

/** The first instant after the month. */
export function nextMonthStart(dateFrom: string): Date {
  const day = new Date(`${dateFrom}T00:00:00Z`)
  day.setUTCMonth(day.getUTCMonth() + 1, 1)
  return day
}

/** Queues the build of a statement; answers its exportId. */
export async function startStatement(db: Db, payload: StatementPayload): Promise<string> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind: statementJobKind,
      payload: { ...payload },
      maxAttempts: statementMaxAttempts,
      runAt: new Date(),
    })
    .returning({ id: jobs.id })
  if (!row) throw new Error('assertion: the statement job was written')
  return String(row.id)
}

const ofCustomer = (customerId: number) =>
  and(eq(jobs.kind, statementJobKind), sql`(${jobs.payload}->>'customerId')::int = ${customerId}`)

/** A statement of the customer by its exportId; undefined for another's or an unknown one. */
export async function statementById(
  db: Db,
  customerId: number,
  exportId: string,
): Promise<Statement | undefined> {
  if (!/^[1-9][0-9]{0,15}$/.test(exportId)) return undefined
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, Number(exportId)), ofCustomer(customerId)))
  return row ? statementOf(row) : undefined
}

const ofAccount = (customerId: number, accountId: number) =>
  and(ofCustomer(customerId), sql`(${jobs.payload}->>'accountId')::int = ${accountId}`)

/** The account's statements, newest first, one page, and the number of all. */
export async function statementsOfAccount(
  db: Db,
  customerId: number,
  accountId: number,
  page: { pageNumber: number; pageSize: number },
): Promise<{ statements: Statement[]; total: number }> {
  const where = ofAccount(customerId, accountId)
  const rows = await db
    .select()
    .from(jobs)
    .where(where)
    .orderBy(desc(jobs.id))
    .limit(page.pageSize)
    .offset((page.pageNumber - 1) * page.pageSize)
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(jobs)
    .where(where)
  return { statements: rows.map(statementOf), total: Number(count?.total ?? 0) }
}

/** A statement of an ended month that is being built or is ready, to answer again. */
export async function liveStatementOf(
  db: Db,
  customerId: number,
  accountId: number,
  dateFrom: string,
): Promise<Statement | undefined> {
  const rows = await db
    .select()
    .from(jobs)
    .where(and(ofAccount(customerId, accountId), sql`${jobs.payload}->>'dateFrom' = ${dateFrom}`))
    .orderBy(desc(jobs.id))
  return rows.map(statementOf).find((statement) => statement.status !== 'failed')
}

/** Records the stored PDF on the job, which the worker then marks done. */
export async function recordStatementFile(db: Db, jobId: number, fileId: number): Promise<void> {
  await db
    .update(jobs)
    .set({ payload: sql`${jobs.payload} || jsonb_build_object('fileId', ${fileId}::int)` })
    .where(eq(jobs.id, jobId))
}
