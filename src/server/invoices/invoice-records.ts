// Invoices as a reader sees them (issue 16; product-spec section 3, Invoice; docs/decisions.md,
// "Invoices (issue 16)"). Only the payee and the payer read an invoice: the payer is the
// customer recorded when it was sent or paid, or, while none is recorded, any customer who
// holds the payer's e-mail (so an invoice sent before its payer registered reaches them).
// Anyone else gets the answer an unknown id gets. An unpaid invoice past its due date reads as
// expired; its row keeps status 1, so the date alone decides.
import { and, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customerEmails, customers, users } from '../db/schema.ts'
import { invoices } from '../db/schema-invoices.ts'
import type { components } from '../../generated/api.d.ts'
import { InvoiceStatusId, InvoiceStatusName } from '../../generated/constants.ts'
import { fromMinor } from '../../shared/money.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { feeMinorOf } from '../transfers/transfer-rules.ts'
import { displayNameOf } from '../transfers/payee-lookup.ts'
import { downloadLink } from '../pdf/download-links.ts'
import { ensureInstructions, instructionsOf } from '../accounts/payment-instructions.ts'
import { refusal, validationFailure, type FieldError, type RefusalKey } from '../rpc/outcome.ts'

export type Invoice = components['schemas']['Invoice']
export type InvoiceRow = typeof invoices.$inferSelect

/** The one answer for an invoice that is not there and for one that is not the reader's. */
export const notYourInvoice = () =>
  validationFailure([refusal('invoiceId', 'refusal.invoices.notYours')])

/** Today's date in UTC, as due dates are kept (YYYY-MM-DD). */
export function todayOf(now = new Date()): string {
  return now.toISOString().slice(0, 10)
}

export function isExpired(row: InvoiceRow, now = new Date()): boolean {
  return (
    row.statusId === InvoiceStatusId.Unpaid && row.dueDate !== null && row.dueDate < todayOf(now)
  )
}

/** The e-mails a customer is known by: sign-in names, confirmed e-mails, the record's own. */
export async function addressesOf(db: Db, customerId: number): Promise<string[]> {
  const signIns = await db
    .select({ address: users.username })
    .from(users)
    .where(eq(users.customerId, customerId))
  const confirmed = await db
    .select({ address: customerEmails.emailAddress })
    .from(customerEmails)
    .where(and(eq(customerEmails.customerId, customerId), isNotNull(customerEmails.confirmedAt)))
  const [own] = await db
    .select({ address: customers.email })
    .from(customers)
    .where(eq(customers.id, customerId))
  const all = [...signIns, ...confirmed, ...(own ? [own] : [])].map((row) =>
    row.address.toLowerCase(),
  )
  return [...new Set(all)]
}

/** The condition "the customer is this invoice's payer". */
export function payerIs(customerId: number, addresses: string[]): SQL {
  const byAddress =
    addresses.length > 0
      ? and(isNull(invoices.payerCustomerId), inArray(invoices.payerEmail, addresses))
      : undefined
  return or(eq(invoices.payerCustomerId, customerId), byAddress)!
}

/** The invoice when the customer is its payee or payer; else undefined. */
export async function invoiceOfReader(
  db: Db,
  customerId: number,
  invoiceId: number,
  lock = false,
): Promise<{ row: InvoiceRow; asPayee: boolean; asPayer: boolean } | undefined> {
  const query = db.select().from(invoices).where(eq(invoices.id, invoiceId))
  const [row] = lock ? await query.for('update') : await query
  if (!row) return undefined
  const asPayee = row.payeeCustomerId === customerId
  const asPayer =
    !row.isFunding &&
    (row.payerCustomerId === customerId ||
      (row.payerCustomerId === null &&
        (await addressesOf(db, customerId)).includes(row.payerEmail)))
  return asPayee || asPayer ? { row, asPayee, asPayer } : undefined
}

/** The status id and name as this reader sees them. */
export function statusFor(row: InvoiceRow, asPayee: boolean, now = new Date()) {
  if (isExpired(row, now)) {
    return { statusId: InvoiceStatusId.Expired, status: InvoiceStatusName.Expired }
  }
  const names: Record<number, InvoiceStatusName> = {
    [InvoiceStatusId.Unpaid]: asPayee
      ? InvoiceStatusName.AwaitingPayment
      : InvoiceStatusName.Unpaid,
    [InvoiceStatusId.PaymentPending]: InvoiceStatusName.PaymentPending,
    [InvoiceStatusId.Paid]: InvoiceStatusName.Paid,
    [InvoiceStatusId.Rejected]: InvoiceStatusName.Rejected,
  }
  const status = names[row.statusId]
  if (!status) throw new Error(`assertion: invoice status ${row.statusId} is known`)
  return { statusId: row.statusId as InvoiceStatusId, status }
}

/** The statuses the list filters mean: not paid yet, and not past due. */
export function openFilter(now = new Date()): SQL {
  return and(
    inArray(invoices.statusId, [InvoiceStatusId.Unpaid, InvoiceStatusId.PaymentPending]),
    or(isNull(invoices.dueDate), sql`${invoices.dueDate} >= ${todayOf(now)}`),
  )!
}

/** The name a reader sees of a customer (a company's name; a person's first name and initial). */
async function namesOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select()
    .from(customers)
    .where(inArray(customers.id, [...new Set(ids)]))
  return new Map(rows.map((row) => [row.id, displayNameOf(row)]))
}

async function payeeEmailsOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ id: customers.id, email: customers.email })
    .from(customers)
    .where(inArray(customers.id, [...new Set(ids)]))
  return new Map(rows.map((row) => [row.id, row.email]))
}

/** The fee the payer pays on top of the amount: a P2P transfer's fee. */
export function paymentFeeMinor(row: Pick<InvoiceRow, 'amountMinor' | 'currencyCode'>): bigint {
  return feeMinorOf('p2p', row.amountMinor, scaleOf(row.currencyCode))
}

/** A funding invoice's bank-wire details: the payee account's payment instruction. */
async function instructionOf(db: Db, row: InvoiceRow, payeeName: string) {
  await ensureInstructions(db, [{ id: row.payeeAccountId, name: payeeName }])
  const [instruction] = await instructionsOf(db, [row.payeeAccountId])
  if (!instruction) return undefined
  return {
    id: instruction.id,
    accountId: instruction.accountId,
    bankAccountNumber: instruction.bankAccountNumber,
    currencyCode: row.currencyCode,
    beneficiaryName: instruction.beneficiaryName,
    bankName: instruction.bankName,
    bankAddress: instruction.bankAddress,
    swift: instruction.swift,
    reference: instruction.reference,
  }
}

/** The invoices as the reader (the customer `readerId`) sees them. */
export async function invoicesJson(db: Db, readerId: number, rows: InvoiceRow[]) {
  const parties = rows.flatMap((row) => [row.payeeCustomerId, row.payerCustomerId ?? 0])
  const names = await namesOf(db, parties)
  const payeeEmails = await payeeEmailsOf(
    db,
    rows.map((row) => row.payeeCustomerId),
  )
  const now = new Date()
  const out: Invoice[] = []
  for (const row of rows) {
    const asPayee = row.payeeCustomerId === readerId
    const scale = scaleOf(row.currencyCode)
    const fee = row.isFunding ? 0n : paymentFeeMinor(row)
    const payeeName = names.get(row.payeeCustomerId) ?? ''
    const payerName = row.payerCustomerId ? names.get(row.payerCustomerId) : undefined
    const instruction = row.isFunding ? await instructionOf(db, row, payeeName) : undefined
    out.push({
      id: row.id,
      ...(payeeName ? { payeeName } : {}),
      ...(payerName ? { payerName } : {}),
      payeeEmail: payeeEmails.get(row.payeeCustomerId) ?? '',
      payerEmail: row.payerEmail,
      payeeAccountId: row.payeeAccountId,
      ...(row.payerAccountId && !asPayee ? { payerAccountId: row.payerAccountId } : {}),
      amount: fromMinor(row.amountMinor, scale),
      currencyCode: row.currencyCode,
      total: fromMinor(row.amountMinor + fee, scale),
      feePayment: fromMinor(fee, scale),
      ...(row.dueDate ? { dueDate: row.dueDate } : {}),
      sentDate: row.sentAt.toISOString(),
      updatedDate: row.updatedAt.toISOString(),
      ...statusFor(row, asPayee, now),
      ...(row.noteBody ? { noteBody: row.noteBody } : {}),
      ...(row.rejectNote ? { rejectNote: row.rejectNote } : {}),
      isFunding: row.isFunding,
      isSystem: row.isSystem,
      ...(row.orderId ? { transactionId: row.orderId } : {}),
      ...(row.pdfFileId && asPayee
        ? { urlPdf: await downloadLink(db, row.payeeCustomerId, row.pdfFileId) }
        : {}),
      ...(instruction ? { paymentInstruction: instruction } : {}),
    })
  }
  return out
}

export async function invoiceJson(db: Db, readerId: number, row: InvoiceRow): Promise<Invoice> {
  const [invoice] = await invoicesJson(db, readerId, [row])
  if (!invoice) throw new Error('assertion: an invoice reads as one')
  return invoice
}

/** One page of invoices matching `where`, newest first, and the count of all matches. */
export async function invoicePage(
  db: Db,
  readerId: number,
  where: SQL,
  page: { pageNumber?: number; pageSize?: number },
) {
  const size = page.pageSize ?? 20
  const offset = ((page.pageNumber ?? 1) - 1) * size
  const rows = await db
    .select()
    .from(invoices)
    .where(where)
    .orderBy(desc(invoices.sentAt), desc(invoices.id))
    .limit(size)
    .offset(offset)
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(invoices)
    .where(where)
  return { invoices: await invoicesJson(db, readerId, rows), total: Number(count?.n ?? 0) }
}

/** Why an invoice can no longer be paid or rejected, naming invoiceId; undefined while open. */
export function openInvoiceError(row: InvoiceRow, now = new Date()): FieldError | undefined {
  const because = (key: RefusalKey): FieldError => refusal('invoiceId', key)
  if (isExpired(row, now)) return because('refusal.invoices.expired')
  switch (row.statusId) {
    case InvoiceStatusId.Unpaid:
      return undefined
    case InvoiceStatusId.PaymentPending:
      return because('refusal.invoices.paymentPending')
    case InvoiceStatusId.Paid:
      return because('refusal.invoices.alreadyPaid')
    default:
      return because('refusal.invoices.rejected')
  }
}
