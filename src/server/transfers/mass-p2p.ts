// Mass P2P transfers by file or by text (product-spec sections 6 and 7). Every line becomes one
// P2P order through submitOrder, with the checks of a single P2P (payee, blacklist, limits,
// balance, a claim for an e-mail that is no customer). A batch is all or nothing
// (docs/decisions.md, "Mass transfers and history"): every line is checked first and a file
// with a bad line is refused naming each one (rows[<line>].<column>); then all orders are
// written in ONE database transaction, so a refusal found while writing (a limit reached by the
// lines before, the funds) undoes the whole batch. The batch keeps the customer's idempotency
// key; line n's order key is "<batch key>:line-<n>", which no client key can be (client keys
// have no colon), so a retry of the batch never meets a single transfer's key.
import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { paymentAccountsIn } from '../ledger/accounts.ts'
import { massBatchRows, massBatches } from '../db/schema-mass.ts'
import {
  answerFromKept,
  describeRefusal,
  isRpcFailure,
  refusal,
  keptAnswer,
  rpcOk,
  rpcSay,
  validationFailure,
  type Answer,
  type Failure,
  type FieldError,
  type RpcData,
} from '../rpc/outcome.ts'
import { defaultLang, type Lang } from '../messages/messages.ts'
import type { components } from '../../generated/api.d.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { fromMinor } from '../../shared/money.ts'
import { balancesOf } from '../ledger/balances.ts'
import { lockBalances } from '../ledger/balance-rows.ts'
import type { AccountRow } from '../accounts/account-view.ts'
import { approveTypeOfCustomer, type ActingUser } from './acting-user.ts'
import { payeeFacts, type PayeeFacts } from './payee-lookup.ts'
import { isFieldError, ownAccount, quoteOf, type Quote } from './transfer-quotes.ts'
import { inTransaction, Refusal, submitOrder } from './transfer-orders.ts'
import { massLines, maxMassRows, p2pColumns, unstorableCells, type MassLine } from './mass-files.ts'
import { ApprovalType } from '../../generated/constants.ts'
import { initiatingRights } from '../../shared/access-rights.ts'

export interface MassUpload {
  acting: ActingUser
  accountId: number
  idempotencyKey: string
  source: 'file' | 'text'
  /** The request field that carried the lines ('file' or 'text'), for refusals of the whole. */
  field: string
  fileName: string
  mimeType: string
  content: Buffer
}

interface CheckedLine {
  line: MassLine
  email: string
  note?: string
  payeeCustomerId?: number
  payeeName?: string
  quote: Quote
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
/** At most this many line refusals are named; the rest are counted. */
const maxNamedErrors = 50

export function batchHash(parts: Record<string, unknown>, content: Buffer): string {
  const digest = createHash('sha256').update(content).digest('hex')
  return createHash('sha256')
    .update(JSON.stringify({ ...parts, content: digest }))
    .digest('hex')
}

export async function batchByKey(db: Db, customerId: number, key: string) {
  const [row] = await db
    .select()
    .from(massBatches)
    .where(and(eq(massBatches.customerId, customerId), eq(massBatches.idempotencyKey, key)))
  return row
}

/** The operations that send a mass batch; their answer is a TransferResult with a summary. */
export type MassOperation =
  'massTransferUpload' | 'p2pMassTransferFileSubmit' | 'p2pMassTransferTextSubmit'

export function batchReplay(
  batch: { requestHash: string; result: Record<string, unknown> },
  hash: string,
): Answer<MassOperation> | Failure {
  if (batch.requestHash !== hash) {
    return validationFailure([refusal('idempotencyKey', 'refusal.common.idempotencyReused')])
  }
  // The stored result is the answer the batch was sent with, in this reader's language.
  return rpcOk(answerFromKept(batch.result) as RpcData<MassOperation>)
}

/** Mass payments confirmed by a code per payment would send one code a line: refused. */
export async function codeModeRefusal(db: Db, acting: ActingUser): Promise<Failure | undefined> {
  if (initiatingRights.has(acting.accessRight)) return undefined
  if ((await approveTypeOfCustomer(db, acting.customerId)) === 0) return undefined
  return validationFailure([
    refusal('transactionApproveMode', 'refusal.transfers.massNeedsSimpleMode'),
  ])
}

export async function submitP2pMass(
  db: Db,
  upload: MassUpload,
): Promise<Answer<MassOperation> | Failure> {
  const { acting } = upload
  const hash = batchHash(
    { type: 'p2p', source: upload.source, accountId: upload.accountId },
    upload.content,
  )
  const earlier = await batchByKey(db, acting.customerId, upload.idempotencyKey)
  if (earlier) return batchReplay(earlier, hash)
  const from = await ownAccount(db, acting.customerId, upload.accountId)
  if (!from) {
    return validationFailure([refusal('accountId', 'refusal.common.notYourAccount')])
  }
  const modeRefusal = await codeModeRefusal(db, acting)
  if (modeRefusal) return modeRefusal
  const lines = massLines(upload.content.toString('utf8'), p2pColumns)
  if (lines.length === 0) {
    return validationFailure([refusal(upload.field, 'refusal.common.noPayments')])
  }
  if (lines.length > maxMassRows) {
    return validationFailure([
      refusal(upload.field, 'refusal.transfers.tooManyRows', {
        count: lines.length,
        limit: maxMassRows,
      }),
    ])
  }
  const unstorable = unstorableCells(lines)
  if (unstorable.length > 0) return validationFailure(unstorable)
  const checked = await checkLines(db, acting.customerId, from, lines)
  if (checked.errors.length > 0) return validationFailure(namedErrors(checked.errors))
  const fundsRefusal = await totalRefusal(db, from, checked.lines, upload.field)
  if (fundsRefusal) return fundsRefusal
  return inTransaction(db, (tx) => writeBatch(tx, upload, from, checked.lines, hash))
}

function namedErrors(errors: FieldError[]): FieldError[] {
  if (errors.length <= maxNamedErrors) return errors
  return [
    ...errors.slice(0, maxNamedErrors),
    refusal('rows', 'refusal.transfers.moreRefusals', { count: errors.length - maxNamedErrors }),
  ]
}

/** Every line checked as a single P2P would be, before anything is written. */
async function checkLines(
  db: Db,
  customerId: number,
  from: AccountRow,
  lines: MassLine[],
): Promise<{ lines: CheckedLine[]; errors: FieldError[] }> {
  const errors: FieldError[] = []
  const result: CheckedLine[] = []
  const payees = new Map<string, PayeeFacts>()
  for (const line of lines) {
    const at = (column: string) => `rows[${line.lineNumber}].${column}`
    const email = (line.cells.email ?? '').toLowerCase()
    const amount = line.cells.amount
    const currency = (line.cells.currency ?? from.currencyCode).toUpperCase()
    const note = line.cells.note
    const before = errors.length
    if (!emailPattern.test(email) || email.length > 254) {
      errors.push(refusal(at('email'), 'refusal.common.notAnEmail'))
    }
    if (amount === undefined) errors.push(refusal(at('amount'), 'refusal.common.missing'))
    else if (!/^[0-9]{1,20}(\.[0-9]{1,8})?$/.test(amount)) {
      errors.push(refusal(at('amount'), 'refusal.transfers.notAnAmount'))
    }
    if (currency !== from.currencyCode) {
      const currency = from.currencyCode
      errors.push(refusal(at('currency'), 'refusal.transfers.mustBeAccountCurrency', { currency }))
    }
    if (note !== undefined && note.length > 1000) {
      errors.push(refusal(at('note'), 'refusal.transfers.noteTooLong'))
    }
    if (errors.length > before) continue
    // A payroll pays the same people line after line: each e-mail is looked up once.
    const payee = payees.get(email) ?? (await payeeFacts(db, customerId, email))
    payees.set(email, payee)
    if (!payee.outBlacklist) {
      errors.push(refusal(at('email'), 'refusal.common.onPayoutBlacklist'))
      continue
    }
    if (payee.customerId === customerId) {
      errors.push(refusal(at('email'), 'refusal.transfers.ownPayeeShort'))
      continue
    }
    const quote = quoteOf('p2p', from, from.currencyCode, amount!, currency, {
      amount: at('amount'),
      currency: at('currency'),
    })
    if (isFieldError(quote)) {
      errors.push(quote)
      continue
    }
    result.push({
      line,
      email,
      quote,
      ...(note !== undefined ? { note } : {}),
      ...(payee.customerId !== undefined ? { payeeCustomerId: payee.customerId } : {}),
      ...(payee.name ? { payeeName: payee.name } : {}),
    })
  }
  return { lines: result, errors }
}

export interface MassPreview {
  acting: ActingUser
  accountId: number
  text: string
  /** The reader's language of the row refusals (English when left out). */
  lang?: Lang
}

/**
 * p2pMassTransferPreview: the lines checked as the submit checks them, each with the P2P fee it
 * will be charged (quoteOf, as submitLine charges it); the refused lines are named in rowErrors
 * and left out of the totals. Nothing is stored; the funds are checked when the batch is sent.
 */
export async function previewP2pMass(
  db: Db,
  preview: MassPreview,
): Promise<Answer<'p2pMassTransferPreview'> | Failure> {
  const from = await ownAccount(db, preview.acting.customerId, preview.accountId)
  if (!from) {
    return validationFailure([refusal('accountId', 'refusal.common.notYourAccount')])
  }
  const lines = massLines(preview.text.replace(/^\uFEFF/, ''), p2pColumns)
  if (lines.length === 0) {
    return validationFailure([refusal('text', 'refusal.common.noPayments')])
  }
  if (lines.length > maxMassRows) {
    return validationFailure([
      refusal('text', 'refusal.transfers.tooManyRows', { count: lines.length, limit: maxMassRows }),
    ])
  }
  const checked = await checkLines(db, preview.acting.customerId, from, lines)
  const totalMinor = checked.lines.reduce((sum, l) => sum + l.quote.amountMinor, 0n)
  const feeMinor = checked.lines.reduce((sum, l) => sum + l.quote.feeMinor, 0n)
  const summary = summaryOf(from.currencyCode, checked.lines.length, totalMinor, feeMinor)
  // rows[<line>].<column> of the submit's refusal becomes the row and its column.
  const lang = preview.lang ?? defaultLang
  const rowErrors = namedErrors(checked.errors).map((error) => {
    const at = /^rows\[(\d+)\]\.(.+)$/.exec(error.parameter)
    return at
      ? { row: Number(at[1]), parameter: at[2]!, description: describeRefusal(lang, error) }
      : { row: lines.length, description: `${error.parameter} ${describeRefusal(lang, error)}` }
  })
  return rpcOk({
    summary: {
      ...summary,
      totalCount: lines.length,
      invalidCount: lines.length - checked.lines.length,
      ...(rowErrors.length > 0 ? { rowErrors } : {}),
    },
  })
}

/** The whole batch, fees included, against what the account has available. */
async function totalRefusal(
  db: Db,
  from: AccountRow,
  lines: CheckedLine[],
  field: string,
): Promise<Failure | undefined> {
  const needed = lines.reduce((sum, l) => sum + l.quote.amountMinor + l.quote.feeMinor, 0n)
  const balance = (await balancesOf(db, [from.id])).get(from.id)!
  const available = balance.balanceMinor + balance.pendingDebitMinor - from.balanceMinMinor
  if (needed <= available) return undefined
  const scale = scaleOf(from.currencyCode)
  return validationFailure([
    refusal(field, 'refusal.transfers.batchOverFunds', {
      needed: `${fromMinor(needed, scale)} ${from.currencyCode}`,
      available: `${fromMinor(available > 0n ? available : 0n, scale)} ${from.currencyCode}`,
    }),
  ])
}

/** The summary of mass-summary.schema.json for lines that are all valid. */
export function summaryOf(
  currencyCode: string,
  count: number,
  totalMinor: bigint,
  feeMinor: bigint,
): components['schemas']['MassSummary'] {
  const scale = scaleOf(currencyCode)
  return {
    totalCount: count,
    validCount: count,
    invalidCount: 0,
    totalAmount: fromMinor(totalMinor, scale),
    currencyCode,
    totalFee: fromMinor(feeMinor, scale),
    feeCurrencyCode: currencyCode,
    totalWithFee: fromMinor(totalMinor + feeMinor, scale),
  }
}

async function writeBatch(
  tx: Db,
  upload: MassUpload,
  from: AccountRow,
  lines: CheckedLine[],
  hash: string,
): Promise<Answer<MassOperation> | Failure> {
  const { acting } = upload
  const totalMinor = lines.reduce((sum, l) => sum + l.quote.amountMinor, 0n)
  const feeMinor = lines.reduce((sum, l) => sum + l.quote.feeMinor, 0n)
  const [batch] = await tx
    .insert(massBatches)
    .values({
      customerId: acting.customerId,
      createdByUserId: acting.userId,
      type: 'p2p',
      source: upload.source,
      fromAccountId: from.id,
      currencyCode: from.currencyCode,
      idempotencyKey: upload.idempotencyKey,
      requestHash: hash,
      fileName: upload.fileName,
      mimeType: upload.mimeType,
      content: upload.content,
      rowCount: lines.length,
      totalMinor,
      feeMinor,
      result: {},
    })
    .onConflictDoNothing()
    .returning({ id: massBatches.id })
  if (!batch) {
    // Another request with the same key committed first: its answer stands.
    const raced = await batchByKey(tx, acting.customerId, upload.idempotencyKey)
    if (!raced) throw new Error('assertion: a conflicting batch key has its batch')
    return batchReplay(raced, hash)
  }
  await lockBatchAccounts(tx, from, lines)
  let approval = false
  const rows: (typeof massBatchRows.$inferInsert)[] = []
  for (const checked of lines) {
    const submitted = await submitLine(tx, upload, from, batch.id, checked)
    if (submitted.approvalRequestCreated) approval = true
    rows.push(submitted.row)
  }
  await tx.insert(massBatchRows).values(rows)
  const scale = scaleOf(from.currencyCode)
  const result: RpcData<MassOperation> = {
    batchId: batch.id,
    ...(approval
      ? rpcSay('answer.transfers.approvalRequested')
      : rpcSay('answer.transfers.paymentsSubmitted', { count: String(lines.length) })),
    approveType: ApprovalType.None,
    fee: fromMinor(feeMinor, scale),
    feeCurrencyCode: from.currencyCode,
    link: `/history/batch-transfers?batchId=${batch.id}`,
    ...(approval ? { approvalRequestCreated: true } : {}),
    summary: summaryOf(from.currencyCode, lines.length, totalMinor, feeMinor),
  }
  await tx
    .update(massBatches)
    .set({ result: keptAnswer(result) })
    .where(eq(massBatches.id, batch.id))
  return rpcOk(result)
}

/**
 * One line's P2P order, under the line's own key, and the batch row that records it. One
 * refused line refuses the batch: the Refusal rolls the transaction back, nothing moves.
 */
async function submitLine(
  tx: Db,
  upload: MassUpload,
  from: AccountRow,
  batchId: number,
  checked: CheckedLine,
): Promise<{ row: typeof massBatchRows.$inferInsert; approvalRequestCreated: boolean }> {
  const n = checked.line.lineNumber
  const key = `${upload.idempotencyKey}:line-${n}`
  const outcome = await submitOrder(tx, {
    kind: 'p2p',
    acting: upload.acting,
    idempotencyKey: key,
    request: {
      accountId: from.id,
      toEmail: checked.email,
      amount: fromMinor(checked.quote.amountMinor, scaleOf(from.currencyCode)),
      note: checked.note ?? null,
      batchKey: upload.idempotencyKey,
    },
    fields: { amount: `rows[${n}].amount`, from: 'accountId', to: `rows[${n}].email` },
    from,
    toEmail: checked.email,
    ...(checked.payeeCustomerId !== undefined ? { toCustomerId: checked.payeeCustomerId } : {}),
    currencyCode: from.currencyCode,
    toCurrencyCode: from.currencyCode,
    ...checked.quote,
    details: {
      massBatchId: batchId,
      ...(checked.note !== undefined ? { note: checked.note } : {}),
      ...(checked.payeeName ? { payeeName: checked.payeeName } : {}),
    },
  })
  if (isRpcFailure(outcome)) throw new Refusal(outcome)
  const body = outcome.body as Record<string, unknown>
  const { responseCode: _code, ...result } = body
  const row = {
    batchId,
    lineNumber: n,
    orderId: Number(body.transactionId),
    payee: checked.email,
    amountMinor: checked.quote.amountMinor,
    feeMinor: checked.quote.feeMinor,
    result,
  }
  return { row, approvalRequestCreated: body.approvalRequestCreated === true }
}

/**
 * Locks the balance rows of the source and of every payee account the batch may credit, in id
 * order, before the first order: the orders then lock rows already held, so two batches paying
 * each other cannot deadlock.
 */
async function lockBatchAccounts(tx: Db, from: AccountRow, lines: CheckedLine[]): Promise<void> {
  const payees = [...new Set(lines.map((l) => l.payeeCustomerId).filter((id) => id !== undefined))]
  const accounts = await paymentAccountsIn(tx, payees, from.currencyCode)
  const ids = [...new Set([from.id, ...accounts.map((a) => a.id)])].sort((a, b) => a - b)
  await lockBalances(tx, ids)
}
