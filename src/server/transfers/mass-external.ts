// Mass external transfers (product-spec sections 6 and 7: mass upload, with a summary-only
// preview). A file in the layout of its type's sample (mass-samples.ts) becomes one request
// of the type's single submit per line, sent through submitExternalTransfer, so a line gets
// exactly the checks of a single transfer (the spec's validator, the destination, the
// withdrawal limits, the funds, the approval route). The preview answers the summary and the
// refused lines without storing anything. The upload is all or nothing like a mass P2P
// (mass-p2p.ts): every line is checked first and a file with a refused line is answered VF
// naming each (rows[<line>].<column>); then every order is written in one transaction.
import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { massBatchRows, massBatches } from '../db/schema-mass.ts'
import {
  describeRefusal,
  isRpcFailure,
  refusal,
  refusalsIn,
  keptAnswer,
  rpcOk,
  rpcSay,
  validationFailure,
  type Answer,
  type Failure,
  type FieldError,
  type RpcData,
  rpcRefuse,
} from '../rpc/outcome.ts'
import { defaultLang, type Lang } from '../messages/messages.ts'
import { fieldErrors } from '../rpc/validation-errors.ts'
import * as validators from '../../generated/validators.js'
import type { ValidateFunction } from '../../generated/validators.js'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { fromMinor } from '../../shared/money.ts'
import { balancesOf } from '../ledger/balances.ts'
import type { AccountRow } from '../accounts/account-view.ts'
import type { ActingUser } from './acting-user.ts'
import { typeFlags } from '../../shared/permission-flags.ts'
import { destinationOf, type ExternalRequest } from './external-destinations.ts'
import { submitExternalTransfer, submitOperationOf } from './external-transfers.ts'
import {
  massLines,
  maxMassRows,
  maxPreviewRows,
  unstorableCells,
  type MassColumns,
  type MassLine,
} from './mass-files.ts'
import {
  batchByKey,
  batchHash,
  batchReplay,
  codeModeRefusal,
  type MassOperation,
} from './mass-p2p.ts'
import type { components } from '../../generated/api.d.ts'

type MassSummary = components['schemas']['MassSummary']
import { massSampleColumns } from './mass-samples.ts'
import { payoutRate } from './payout-rates.ts'
import { permissionsOf } from './payee-book.ts'
import spec from '../../generated/spec.json' with { type: 'json' }
import { isFieldError, ownAccount, quoteOf, type Quote } from './transfer-quotes.ts'
import { inTransaction, Refusal } from './transfer-orders.ts'
import { brokenLimit, limitUse } from './transfer-rules.ts'
import type { ExternalTransferType } from '../../shared/transfer-types.ts'
import { ApprovalType } from '../../generated/constants.ts'

type MassTransferType = ExternalTransferType

function layout(order: string[]): MassColumns {
  return {
    order,
    aliases: Object.fromEntries(order.map((name) => [name, [name.toLowerCase()]])),
  }
}

/**
 * Each type's layout and the name of its batches in the batch history. Instant payments and
 * Interac have no sample of massSampleLinksGet; their layouts are the fields of their single
 * submit, in the order of its form.
 */
const massTypes: Record<MassTransferType, { columns: MassColumns; batchType: string }> = {
  wire: { columns: massSampleColumns.wire, batchType: 'wire' },
  eft: { columns: massSampleColumns.eft, batchType: 'eft' },
  oct: { columns: massSampleColumns.creditCard, batchType: 'creditCard' },
  crypto_eft: { columns: massSampleColumns.cryptoEft, batchType: 'cryptoEft' },
  instant_payment: {
    columns: layout([
      'countryCode',
      'instantKeyType',
      'instantKey',
      'beneficiaryName',
      'taxId',
      'bankCode',
      'amount',
      'currency',
      'note',
    ]),
    batchType: 'instantPayment',
  },
  interac: {
    columns: layout(['email', 'beneficiaryName', 'amount', 'currency', 'note']),
    batchType: 'interac',
  },
}

const validatorTable = validators as unknown as Record<string, ValidateFunction | undefined>

interface CheckedRow {
  line: MassLine
  request: ExternalRequest
  quote: Quote
  payee: string
}

export interface ExternalMassInput {
  acting: ActingUser
  accountId: number
  transferType: MassTransferType
  fileName: string
  mimeType: string
  content: Buffer
  /** The reader's language of a preview's row refusals (English when left out). */
  lang?: Lang
}

/** The column of the file a request field came from (currencyCode is the currency column). */
function columnOf(parameter: string): string {
  const field = parameter.split('.')[0] ?? parameter
  return field === 'currencyCode' ? 'currency' : field
}

function atLine(line: MassLine, parameter: string): string {
  return `rows[${line.lineNumber}].${columnOf(parameter)}`
}

/**
 * The line's request of the single submit. The row key is derived from the batch key
 * ("mass_<hash of the batch key>_line_<n>"), which fits the key pattern of the single submit.
 */
function requestOf(
  line: MassLine,
  accountId: number,
  from: AccountRow,
  batchKey: string,
  type: MassTransferType,
): Record<string, unknown> {
  const { currency, ...cells } = line.cells
  const keyHash = createHash('sha256').update(batchKey).digest('hex').slice(0, 40)
  return {
    ...cells,
    accountId,
    currencyCode: (currency ?? (type === 'interac' ? 'CAD' : from.currencyCode)).toUpperCase(),
    permission: '3d',
    idempotencyKey: `mass_${keyHash}_line_${line.lineNumber}`,
  }
}

/** The request fields of each type's single submit, read from the spec once per type. */
const submitFields = new Map<MassTransferType, ReadonlySet<string>>()

function fieldsOfSubmit(type: MassTransferType): ReadonlySet<string> {
  const known = submitFields.get(type)
  if (known) return known
  const paths = spec.paths as Record<string, { post?: unknown }>
  const operation = paths[`/rpc/${submitOperationOf[type]}`]?.post as
    { requestBody?: { content?: Record<string, { schema?: { properties?: object } }> } } | undefined
  const properties = operation?.requestBody?.content?.['application/json']?.schema?.properties
  if (!properties) throw new Error(`assertion: ${submitOperationOf[type]} has a request schema`)
  const fields = new Set(Object.keys(properties))
  submitFields.set(type, fields)
  return fields
}

/** Only the fields the single submit knows (a file may carry columns of its own). */
function knownFields(type: MassTransferType, request: Record<string, unknown>) {
  const known = fieldsOfSubmit(type)
  return Object.fromEntries(Object.entries(request).filter(([key]) => known.has(key)))
}

/** Every line checked as its single submit would, without writing anything. */
async function checkRows(
  db: Db,
  input: ExternalMassInput,
  from: AccountRow,
  lines: MassLine[],
  batchKey: string,
): Promise<{ rows: CheckedRow[]; errors: { line: MassLine; error: FieldError }[] }> {
  const type = input.transferType
  const validate = validatorTable[`request_${submitOperationOf[type]}`]
  if (!validate) throw new Error(`assertion: the validator of ${type} submits exists`)
  const rows: CheckedRow[] = []
  const errors: { line: MassLine; error: FieldError }[] = []
  const scale = scaleOf(from.currencyCode)
  const limits = await limitUse(db, 'withdrawals', from.id, scale, new Date())
  let running = 0n
  for (const line of lines) {
    const request = knownFields(type, requestOf(line, input.accountId, from, batchKey, type))
    if (!validate(request)) {
      for (const error of fieldErrors(validate.errors)) {
        errors.push({
          line,
          error: { ...error, parameter: atLine(line, error.parameter) },
        })
      }
      continue
    }
    const typed = request as ExternalRequest
    const destination = await destinationOf(db, input.acting.customerId, type, typed, from)
    if (isFieldError(destination)) {
      errors.push({
        line,
        error: { ...destination, parameter: atLine(line, destination.parameter) },
      })
      continue
    }
    const quote = quoteOf(
      type,
      from,
      destination.payoutCurrency,
      typed.amount,
      destination.payoutCurrency,
      { amount: atLine(line, 'amount'), currency: atLine(line, 'currency') },
      payoutRate,
    )
    if (isFieldError(quote)) {
      errors.push({ line, error: quote })
      continue
    }
    const broken = brokenLimit(
      limits.map((use) => ({
        ...use,
        remainingMinor:
          use.period === 'transaction' ? use.remainingMinor : use.remainingMinor - running,
      })),
      quote.amountMinor,
    )
    if (broken) {
      errors.push({
        line,
        error: refusal(
          atLine(line, 'amount'),
          `refusal.transfers.overWithdrawalLimit.${broken.period}`,
        ),
      })
      continue
    }
    running += quote.amountMinor
    rows.push({ line, request: typed, quote, payee: destination.destination })
  }
  return { rows, errors }
}

async function availableOf(db: Db, from: AccountRow): Promise<bigint> {
  const balance = (await balancesOf(db, [from.id])).get(from.id)!
  return balance.balanceMinor + balance.pendingDebitMinor - from.balanceMinMinor
}

function summaryOf(
  from: AccountRow,
  total: number,
  rows: CheckedRow[],
  rowErrors: { row: number; parameter?: string; description: string }[],
): MassSummary {
  const scale = scaleOf(from.currencyCode)
  const amount = rows.reduce((sum, r) => sum + r.quote.amountMinor, 0n)
  const fee = rows.reduce((sum, r) => sum + r.quote.feeMinor, 0n)
  return {
    totalCount: total,
    validCount: rows.length,
    invalidCount: total - rows.length,
    totalAmount: fromMinor(amount, scale),
    currencyCode: from.currencyCode,
    totalFee: fromMinor(fee, scale),
    feeCurrencyCode: from.currencyCode,
    totalWithFee: fromMinor(amount + fee, scale),
    ...(rowErrors.length > 0 ? { rowErrors } : {}),
  }
}

interface Prepared {
  from: AccountRow
  lines: MassLine[]
}

/** What preview and upload refuse before reading the lines. */
async function prepare(
  db: Db,
  input: ExternalMassInput,
  maxRows: number,
): Promise<Prepared | Failure> {
  const { acting } = input
  const flags = await permissionsOf(db, acting.customerId)
  if (flags[typeFlags[input.transferType].mass] !== true) {
    return rpcRefuse('ENOA', 'answer.access.permissionOff')
  }
  const from = await ownAccount(db, acting.customerId, input.accountId)
  if (!from) {
    return validationFailure([refusal('accountId', 'refusal.common.notYourAccount')])
  }
  const lines = massLines(input.content.toString('utf8'), massTypes[input.transferType].columns)
  if (lines.length === 0) {
    return validationFailure([refusal('file', 'refusal.common.noPayments')])
  }
  if (lines.length > maxRows) {
    return validationFailure([
      refusal(
        'file',
        maxRows === maxMassRows
          ? 'refusal.transfers.tooManyRows'
          : 'refusal.transfers.tooManyPreviewRows',
        { count: lines.length, limit: maxRows },
      ),
    ])
  }
  const unstorable = unstorableCells(lines)
  if (unstorable.length > 0) return validationFailure(unstorable)
  return { from, lines }
}

function isOutcome(value: Prepared | Failure): value is Failure {
  return 'status' in value
}

/** massTransferPreview: the summary of the file and why lines would be refused; nothing stored. */
export async function previewExternalMass(
  db: Db,
  input: ExternalMassInput,
): Promise<Answer<'massTransferPreview'> | Failure> {
  const prepared = await prepare(db, input, maxPreviewRows)
  if (isOutcome(prepared)) return prepared
  const { from, lines } = prepared
  const { rows, errors } = await checkRows(db, input, from, lines, 'preview')
  const lang = input.lang ?? defaultLang
  const rowErrors = errors.map(({ line, error }) => ({
    row: line.lineNumber,
    parameter: error.parameter.replace(/^rows\[\d+\]\./, ''),
    description: describeRefusal(lang, error),
  }))
  // The line at which the payments, fees included, pass what the account has available.
  const available = await availableOf(db, from)
  let spent = 0n
  for (const row of rows) {
    spent += row.quote.amountMinor + row.quote.feeMinor
    if (spent > available) {
      rowErrors.push({
        row: row.line.lineNumber,
        parameter: 'amount',
        description: describeRefusal(
          lang,
          refusal('amount', 'refusal.transfers.overFundsAfterEarlierLines'),
        ),
      })
      break
    }
  }
  if (lines.length > maxMassRows) {
    // Checked in full, but sent only in files of at most maxMassRows lines.
    rowErrors.push({
      row: lines[maxMassRows]!.lineNumber,
      parameter: 'file',
      description: describeRefusal(
        lang,
        refusal('file', 'refusal.transfers.splitFile', { limit: maxMassRows }),
      ),
    })
  }
  rowErrors.sort((a, b) => a.row - b.row)
  return rpcOk({ summary: summaryOf(from, lines.length, rows, rowErrors) })
}

/** massTransferUpload: every line sent, all or nothing, under the batch's idempotency key. */
export async function uploadExternalMass(
  db: Db,
  input: ExternalMassInput & { idempotencyKey: string },
): Promise<Answer<'massTransferUpload'> | Failure> {
  const { acting } = input
  const hash = batchHash(
    { type: input.transferType, source: 'file', accountId: input.accountId },
    input.content,
  )
  const earlier = await batchByKey(db, acting.customerId, input.idempotencyKey)
  if (earlier) return batchReplay(earlier, hash)
  const prepared = await prepare(db, input, maxMassRows)
  if (isOutcome(prepared)) return prepared
  const modeRefusal = await codeModeRefusal(db, acting)
  if (modeRefusal) return modeRefusal
  const { from, lines } = prepared
  const { rows, errors } = await checkRows(db, input, from, lines, input.idempotencyKey)
  if (errors.length > 0) return validationFailure(errors.slice(0, 50).map((e) => e.error))
  const fundsRefusal = await fundsRefusalOf(db, from, rows)
  if (fundsRefusal) return fundsRefusal
  return inTransaction(db, (tx) => writeExternalBatch(tx, input, from, rows, hash))
}

/** The whole file, fees included, against what the account has available. */
async function fundsRefusalOf(
  db: Db,
  from: AccountRow,
  rows: CheckedRow[],
): Promise<Failure | undefined> {
  const scale = scaleOf(from.currencyCode)
  const needed = rows.reduce((sum, r) => sum + r.quote.amountMinor + r.quote.feeMinor, 0n)
  const available = await availableOf(db, from)
  if (needed <= available) return undefined
  return validationFailure([
    refusal('file', 'refusal.transfers.batchOverFunds', {
      needed: `${fromMinor(needed, scale)} ${from.currencyCode}`,
      available: `${fromMinor(available > 0n ? available : 0n, scale)} ${from.currencyCode}`,
    }),
  ])
}

/**
 * The batch and one order per row, in the upload's transaction. A batch key that another
 * request committed first answers with that request's result.
 */
async function writeExternalBatch(
  tx: Db,
  input: ExternalMassInput & { idempotencyKey: string },
  from: AccountRow,
  rows: CheckedRow[],
  hash: string,
): Promise<Answer<'massTransferUpload'> | Failure> {
  const { acting } = input
  const scale = scaleOf(from.currencyCode)
  const totalMinor = rows.reduce((sum, r) => sum + r.quote.amountMinor, 0n)
  const feeMinor = rows.reduce((sum, r) => sum + r.quote.feeMinor, 0n)
  const [batch] = await tx
    .insert(massBatches)
    .values({
      customerId: acting.customerId,
      createdByUserId: acting.userId,
      type: massTypes[input.transferType].batchType,
      source: 'file',
      fromAccountId: from.id,
      currencyCode: from.currencyCode,
      idempotencyKey: input.idempotencyKey,
      requestHash: hash,
      fileName: input.fileName,
      mimeType: input.mimeType,
      content: input.content,
      rowCount: rows.length,
      totalMinor,
      feeMinor,
      result: {},
    })
    .onConflictDoNothing()
    .returning({ id: massBatches.id })
  if (!batch) {
    const raced = await batchByKey(tx, acting.customerId, input.idempotencyKey)
    if (!raced) throw new Error('assertion: a conflicting batch key has its batch')
    return batchReplay(raced, hash)
  }
  let approval = false
  const stored: (typeof massBatchRows.$inferInsert)[] = []
  for (const row of rows) {
    const submitted = await submitRow(tx, input, batch.id, row)
    if (submitted.approvalRequestCreated) approval = true
    stored.push(submitted.row)
  }
  await tx.insert(massBatchRows).values(stored)
  const result: RpcData<MassOperation> = {
    batchId: batch.id,
    ...(approval
      ? rpcSay('answer.transfers.approvalRequested')
      : rpcSay('answer.transfers.paymentsSubmitted', { count: String(rows.length) })),
    approveType: ApprovalType.None,
    fee: fromMinor(feeMinor, scale),
    feeCurrencyCode: from.currencyCode,
    link: `/history/batch-transfers?batchId=${batch.id}`,
    ...(approval ? { approvalRequestCreated: true } : {}),
    summary: summaryOf(from, rows.length, rows, []),
  }
  await tx
    .update(massBatches)
    .set({ result: keptAnswer(result) })
    .where(eq(massBatches.id, batch.id))
  return rpcOk(result)
}

/**
 * One row's order through the type's single submit, and the batch row that records it. A
 * refused row refuses the batch: the Refusal rolls the transaction back, nothing moves.
 */
async function submitRow(
  tx: Db,
  input: ExternalMassInput,
  batchId: number,
  row: CheckedRow,
): Promise<{ row: typeof massBatchRows.$inferInsert; approvalRequestCreated: boolean }> {
  const outcome = await submitExternalTransfer(tx, input.acting, input.transferType, row.request, {
    permissionFlag: typeFlags[input.transferType].mass,
  })
  if (isRpcFailure(outcome)) throw new Refusal(onLine(outcome, row.line))
  const body = outcome.body as Record<string, unknown>
  const { responseCode: _code, ...result } = body
  const stored = {
    batchId,
    lineNumber: row.line.lineNumber,
    orderId: Number(body.transactionId),
    payee: row.payee,
    amountMinor: row.quote.amountMinor,
    feeMinor: row.quote.feeMinor,
    result,
  }
  return { row: stored, approvalRequestCreated: body.approvalRequestCreated === true }
}

/** A single submit's refusal, its fields named on the line of the file. */
function onLine(outcome: Failure, line: MassLine): Failure {
  const errors = refusalsIn(outcome)
  if (!errors) return outcome
  return validationFailure(
    errors.map((error) => ({
      ...error,
      parameter: error.parameter.startsWith('rows[')
        ? error.parameter
        : atLine(line, error.parameter),
    })),
  )
}
