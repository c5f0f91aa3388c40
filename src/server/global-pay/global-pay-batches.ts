// Global pay batches (issue 16, product-spec sections 3, 5 and 7 "Global pay batch"): a draft of
// global payments made from an uploaded file and edited payment by payment until it is
// submitted (global-pay-batch-orders.ts). This file finds a customer's batch, checks one
// payment the same way whether it comes from a line of the file or from an edit call, and
// writes the answer's shapes (schemas/global-pay-batch.schema.json, global-pay-payment).
import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { globalPayBatches, globalPayBatchPayments } from '../db/schema-global-batch.ts'
import { refusal, validationFailure, type Failure, type FieldError } from '../rpc/outcome.ts'
import { textProblem } from '../rpc/text-input.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { country } from '../dictionaries/country-table.ts'
import { fromMinor } from '../../shared/money.ts'
import { feeMinorOf } from '../transfers/transfer-rules.ts'
import { amountAt } from '../transfers/transfer-quotes.ts'
import type { components } from '../../generated/api.d.ts'
import { globalPayoutMethods, globalPayoutOffered } from './payout-methods.ts'

export type BatchRow = typeof globalPayBatches.$inferSelect
export type PaymentRow = typeof globalPayBatchPayments.$inferSelect
export type PaymentValues = Omit<
  typeof globalPayBatchPayments.$inferInsert,
  'id' | 'batchId' | 'lineNumber' | 'removed' | 'orderId' | 'createdAt' | 'forbiddenMethods'
>
type BatchAnswer = components['schemas']['GlobalPayBatch']
type PaymentAnswer = components['schemas']['GlobalPayPayment']

export const feeSides = ['sender', 'beneficiary'] as const
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const amountPattern = /^[0-9]{1,20}(\.[0-9]{1,8})?$/

/** The customer's batch, or the one refusal for a batch of another customer and for none. */
export async function batchOf(
  db: Db,
  customerId: number,
  batchId: number,
  lock = false,
): Promise<BatchRow | Failure> {
  const query = db
    .select()
    .from(globalPayBatches)
    .where(and(eq(globalPayBatches.id, batchId), eq(globalPayBatches.customerId, customerId)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) return validationFailure([refusal('batchId', 'refusal.globalPay.unknownBatch')])
  return row
}

/** A batch that can still be edited (a draft), locked for the caller's transaction. */
export async function draftOf(db: Db, customerId: number, batchId: number) {
  const batch = await batchOf(db, customerId, batchId, true)
  if ('status' in batch && batch.status !== 'draft') {
    return validationFailure([refusal('batchId', 'refusal.globalPay.batchNotDraft')])
  }
  return batch
}

export function isBatch(value: BatchRow | Failure): value is BatchRow {
  return 'customerId' in value
}

export async function paymentsOf(db: Db, batchId: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(globalPayBatchPayments)
    .where(eq(globalPayBatchPayments.batchId, batchId))
    .orderBy(asc(globalPayBatchPayments.id))
}

/** A payment of the batch, or a refusal naming the field that named it. */
export async function paymentOf(
  db: Db,
  batchId: number,
  paymentId: number,
  field = 'paymentId',
): Promise<PaymentRow | Failure> {
  const [row] = await db
    .select()
    .from(globalPayBatchPayments)
    .where(
      and(eq(globalPayBatchPayments.batchId, batchId), eq(globalPayBatchPayments.id, paymentId)),
    )
  if (!row) return validationFailure([refusal(field, 'refusal.globalPay.notOfThisBatch')])
  return row
}

/** A payment as the input schema writes it: what an edit starts from. */
export interface PaymentFields {
  amount?: string | undefined
  currencyCode?: string | undefined
  description?: string | undefined
  beneficiaryType?: string | undefined
  beneficiaryName?: string | undefined
  beneficiaryEmail?: string | undefined
  beneficiaryCountryCode?: string | undefined
  feeShare?: string | undefined
  method?: string | undefined
  paymentData?: Record<string, string> | undefined
}

export function fieldsOf(payment: PaymentRow, currencyCode: string): PaymentFields {
  return {
    amount: fromMinor(payment.amountMinor, scaleOf(currencyCode)),
    description: payment.description ?? undefined,
    beneficiaryType: payment.beneficiaryType ?? undefined,
    beneficiaryName: payment.beneficiaryName,
    beneficiaryEmail: payment.beneficiaryEmail,
    beneficiaryCountryCode: payment.countryCode,
    feeShare: payment.feeShare,
    method: payment.method ?? undefined,
    paymentData: payment.paymentData,
  }
}

/** The global payment fee of an amount (transfer-rules.ts, kind 'global'). */
export function feeOf(amountMinor: bigint, currencyCode: string): bigint {
  return feeMinorOf('global', amountMinor, scaleOf(currencyCode))
}

/**
 * One payment checked as the single global payment is (p2pGlobalPaySubmit): every refusal is
 * named `at(field)`, so a file's line reads rows[<line>].<column> and an edit its own path.
 */
export function checkPayment(
  fields: PaymentFields,
  currencyCode: string,
  at: (field: string) => string,
): PaymentValues | FieldError[] {
  const errors: FieldError[] = []
  const text = (field: keyof PaymentFields, max: number, required: boolean) => {
    const value = (fields[field] as string | undefined)?.trim()
    if (value === undefined || value === '') {
      if (required) errors.push(refusal(at(field), 'refusal.common.missing'))
      return undefined
    }
    const problem = textProblem(value)
    if (problem) errors.push(refusal(at(field), problem))
    else if (value.length > max) errors.push(refusal(at(field), 'refusal.common.notValid'))
    return value
  }
  const beneficiaryName = text('beneficiaryName', 256, true)
  const description = text('description', 1000, false)
  const beneficiaryType = text('beneficiaryType', 64, false)
  const email = text('beneficiaryEmail', 254, true)?.toLowerCase()
  if (email !== undefined && !emailPattern.test(email)) {
    errors.push(refusal(at('beneficiaryEmail'), 'refusal.common.notAnEmail'))
  }
  const countryCode = text('beneficiaryCountryCode', 2, true)?.toUpperCase()
  if (countryCode !== undefined && !country(countryCode)) {
    errors.push(refusal(at('beneficiaryCountryCode'), 'refusal.common.notDictionaryCountry'))
  }
  const currency = fields.currencyCode?.trim().toUpperCase()
  if (currency !== undefined && currency !== '' && currency !== currencyCode) {
    errors.push(
      refusal(at('currencyCode'), 'refusal.transfers.mustBeAccountCurrency', {
        currency: currencyCode,
      }),
    )
  }
  const feeShare = fields.feeShare?.trim().toLowerCase() || 'sender'
  if (!(feeSides as readonly string[]).includes(feeShare)) {
    errors.push(refusal(at('feeShare'), 'refusal.globalPay.notFeeSide'))
  }
  const amountMinor = amountOf(fields.amount, currencyCode, at('amount'), errors)
  const method = text('method', 64, false)
  if (method && countryCode && !globalPayoutOffered(method, countryCode, currencyCode)) {
    errors.push(refusal(at('method'), 'refusal.globalPay.methodNotOffered'))
  }
  if (amountMinor !== undefined && feeShare === 'beneficiary') {
    const feeMinor = feeOf(amountMinor, currencyCode)
    if (amountMinor <= feeMinor) {
      const fee = `${fromMinor(feeMinor, scaleOf(currencyCode))} ${currencyCode}`
      errors.push(refusal(at('amount'), 'refusal.globalPay.feeOverAmount', { fee }))
    }
  }
  if (errors.length > 0) return errors
  return {
    amountMinor: amountMinor!,
    description: description ?? null,
    beneficiaryType: beneficiaryType ?? null,
    beneficiaryName: beneficiaryName!,
    beneficiaryEmail: email!,
    countryCode: countryCode!,
    feeShare,
    method: method ?? null,
    paymentData: fields.paymentData ?? {},
  }
}

function amountOf(
  amount: string | undefined,
  currencyCode: string,
  field: string,
  errors: FieldError[],
): bigint | undefined {
  const value = amount?.trim()
  if (value === undefined || value === '') {
    errors.push(refusal(field, 'refusal.common.missing'))
    return undefined
  }
  if (!amountPattern.test(value)) {
    errors.push(refusal(field, 'refusal.transfers.notAnAmount'))
    return undefined
  }
  const minor = amountAt(value, currencyCode, field)
  if (typeof minor !== 'bigint') {
    errors.push(minor)
    return undefined
  }
  return minor
}

export function paymentAnswer(payment: PaymentRow, currencyCode: string): PaymentAnswer {
  const forbidden = new Set(payment.forbiddenMethods)
  const methods = globalPayoutMethods(payment.countryCode, currencyCode)
  return {
    id: payment.id,
    amount: fromMinor(payment.amountMinor, scaleOf(currencyCode)),
    currencyCode,
    ...(payment.description !== null ? { description: payment.description } : {}),
    ...(payment.beneficiaryType !== null ? { beneficiaryType: payment.beneficiaryType } : {}),
    beneficiaryName: payment.beneficiaryName,
    beneficiaryEmail: payment.beneficiaryEmail,
    beneficiaryCountryCode: payment.countryCode,
    feeShare: payment.feeShare as PaymentAnswer['feeShare'] & string,
    paymentMethods: methods.map((m) => ({
      name: m.transferType,
      forbidden: forbidden.has(m.transferType),
    })),
    paymentData: payment.paymentData,
    ...(payment.method !== null ? { method: payment.method } : {}),
    isRemoved: payment.removed,
  }
}

/** The sums of the payments not removed: amounts, fees, and what leaves the account. */
export function totalsOf(payments: PaymentRow[], currencyCode: string) {
  const active = payments.filter((p) => !p.removed)
  let amountMinor = 0n
  let feeMinor = 0n
  let senderFeeMinor = 0n
  for (const payment of active) {
    const fee = feeOf(payment.amountMinor, currencyCode)
    amountMinor += payment.amountMinor
    feeMinor += fee
    if (payment.feeShare === 'sender') senderFeeMinor += fee
  }
  return { count: active.length, amountMinor, feeMinor, totalMinor: amountMinor + senderFeeMinor }
}

/** The batch as the spec answers it; with its payments unless `withPayments` is false. */
export async function batchAnswer(db: Db, batch: BatchRow, withPayments = true) {
  const payments = await paymentsOf(db, batch.id)
  const scale = scaleOf(batch.currencyCode)
  const totals = totalsOf(payments, batch.currencyCode)
  const answer: BatchAnswer = {
    batchId: batch.id,
    batchName: batch.batchName,
    accountId: batch.fromAccountId,
    currencyCode: batch.currencyCode,
    status: batch.status,
    createdDate: batch.createdAt.toISOString(),
    paymentCount: totals.count,
    totalAmount: fromMinor(totals.amountMinor, scale),
    totalFee: fromMinor(totals.feeMinor, scale),
    total: fromMinor(totals.totalMinor, scale),
    ...(withPayments
      ? { payments: payments.map((p) => paymentAnswer(p, batch.currencyCode)) }
      : {}),
  }
  return answer
}
