// globalPayBatchUpload: a draft global pay batch from a CSV file in the layout of the globalPay
// sample (transfers/mass-samples/globalPay.csv; columns beneficiaryName, beneficiaryEmail,
// beneficiaryCountryCode, beneficiaryType, amount, currency, description, feeShare, read by
// mass-files.ts). Every line is checked as an added payment is; a file with a bad line is
// refused naming each one (rows[<line>].<column>) and nothing is stored. The same file for the
// same account again is answered '92' with the date and id of the earlier batch, unless
// ignoreIdenticalBatch is true (product-spec section 5). Nothing moves until the batch is
// submitted.
import { createHash } from 'node:crypto'
import { and, desc, eq, ne } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { refusal, rpcOk, rpcRefuse, validationFailure, type FieldError } from '../rpc/outcome.ts'
import { ResponseCode } from '../../generated/constants.ts'
import { globalPayBatches, globalPayBatchPayments } from '../db/schema-global-batch.ts'
import type { Db } from '../db/open-database.ts'
import { actingUser } from '../transfers/acting-user.ts'
import { ownAccount } from '../transfers/transfer-quotes.ts'
import { fileText, massLines, maxMassRows, unstorableCells } from '../transfers/mass-files.ts'
import { massSampleColumns } from '../transfers/mass-samples.ts'
import { batchAnswer, checkPayment, type PaymentValues } from './global-pay-batches.ts'

/** At most this many line refusals are named; one file rarely needs more to be fixed. */
const maxNamedErrors = 50

export const handler: Handler<'globalPayBatchUpload'> = async (context, input) => {
  const acting = await actingUser(context)
  const file = fileText(input.attachedFile)
  if (!file) return validationFailure([refusal('attachedFile', 'refusal.common.noFile')])
  const from = await ownAccount(context.db, acting.customerId, input.accountId)
  if (!from) return validationFailure([refusal('accountId', 'refusal.common.notYourAccount')])
  const lines = massLines(file.text, massSampleColumns.globalPay)
  if (lines.length === 0) {
    return validationFailure([refusal('attachedFile', 'refusal.common.noPayments')])
  }
  if (lines.length > maxMassRows) {
    const params = { count: lines.length, limit: maxMassRows }
    return validationFailure([refusal('attachedFile', 'refusal.transfers.tooManyRows', params)])
  }
  const unstorable = unstorableCells(lines)
  if (unstorable.length > 0) return validationFailure(unstorable)
  const errors: FieldError[] = []
  const payments: (PaymentValues & { lineNumber: number })[] = []
  for (const line of lines) {
    const checked = checkPayment(
      { ...line.cells, currencyCode: line.cells.currency },
      from.currencyCode,
      (field) => `rows[${line.lineNumber}].${columnOf(field)}`,
    )
    if (Array.isArray(checked)) errors.push(...checked)
    else payments.push({ ...checked, lineNumber: line.lineNumber })
  }
  if (errors.length > 0) return validationFailure(errors.slice(0, maxNamedErrors))
  const fileHash = createHash('sha256').update(file.text).digest('hex')
  if (!input.ignoreIdenticalBatch) {
    const identical = await identicalBatch(context.db, acting.customerId, from.id, fileHash)
    if (identical) {
      return rpcRefuse(
        ResponseCode.NeedsConfirmation,
        'answer.transfers.identicalBatch',
        undefined,
        {
          date: identical.createdAt.toISOString(),
          batchId: identical.id,
        },
      )
    }
  }
  const batch = await context.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(globalPayBatches)
      .values({
        customerId: acting.customerId,
        createdByUserId: acting.userId,
        fromAccountId: from.id,
        currencyCode: from.currencyCode,
        batchName: input.batchName.trim() || file.name,
        fileHash,
        fileName: file.name,
      })
      .returning()
    if (!row) throw new Error('assertion: the batch was inserted')
    await tx.insert(globalPayBatchPayments).values(payments.map((p) => ({ ...p, batchId: row.id })))
    return row
  })
  const result = await batchAnswer(context.db, batch)
  return rpcOk({ batchId: batch.id, result })
}

/** The file's column that holds a payment field (the sample names currency 'currency'). */
function columnOf(field: string): string {
  return field === 'currencyCode' ? 'currency' : field
}

/** An earlier batch of the same file for the same account, unless it was cancelled. */
async function identicalBatch(db: Db, customerId: number, accountId: number, fileHash: string) {
  const [row] = await db
    .select({ id: globalPayBatches.id, createdAt: globalPayBatches.createdAt })
    .from(globalPayBatches)
    .where(
      and(
        eq(globalPayBatches.customerId, customerId),
        eq(globalPayBatches.fromAccountId, accountId),
        eq(globalPayBatches.fileHash, fileHash),
        ne(globalPayBatches.status, 'cancelled'),
      ),
    )
    .orderBy(desc(globalPayBatches.id))
    .limit(1)
  return row
}
