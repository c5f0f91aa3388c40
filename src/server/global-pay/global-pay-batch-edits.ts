// Editing a draft global pay batch (product-spec section 5: add, update, full update, remove,
// restore, fee side, forbidden method). Every edit runs in one transaction with the batch row
// locked, so an edit cannot slip in while the batch is being submitted; a refused change
// rolls back the call's other changes (globalPayBatchUpdate applies together or not at all).
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { globalPayBatchPayments } from '../db/schema-global-batch.ts'
import type { HandlerContext } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import {
  isRpcFailure,
  validationFailure,
  type Failure,
  type FieldError,
  type Outcome,
} from '../rpc/outcome.ts'
import { inTransaction, Refusal } from '../transfers/transfer-orders.ts'
import {
  checkPayment,
  draftOf,
  fieldsOf,
  isBatch,
  paymentOf,
  type BatchRow,
  type PaymentFields,
  type PaymentRow,
} from './global-pay-batches.ts'

/** Runs `work` on the caller's draft batch, locked; a Refusal thrown inside undoes it all. */
export async function editDraft<Answered extends Outcome>(
  context: HandlerContext,
  batchId: number,
  work: (tx: Db, batch: BatchRow) => Promise<Answered | Failure>,
): Promise<Answered | Failure> {
  const { customerId } = requireSession(context)
  return inTransaction(context.db, async (tx) => {
    const batch = await draftOf(tx, customerId, batchId)
    if (!isBatch(batch)) return batch
    return work(tx, batch)
  })
}

/** The value, or a Refusal (rolling the edit back) when it is a refusal. */
export function orRefuse<T>(value: T | Failure | FieldError[]): T {
  if (Array.isArray(value)) throw new Refusal(validationFailure(value))
  if (typeof value === 'object' && value !== null && 'status' in value) {
    if (isRpcFailure(value as Failure)) throw new Refusal(value as Failure)
  }
  return value as T
}

export async function addPayment(
  tx: Db,
  batch: BatchRow,
  fields: PaymentFields,
  at: (field: string) => string,
): Promise<PaymentRow> {
  const values = orRefuse(checkPayment(fields, batch.currencyCode, at))
  const [row] = await tx
    .insert(globalPayBatchPayments)
    .values({ ...values, batchId: batch.id })
    .returning()
  if (!row) throw new Error('assertion: the payment was inserted')
  return row
}

/**
 * Changes a payment: a patch keeps the fields it does not name; a full update replaces them
 * all. The result is checked as a new payment is.
 */
export async function changePayment(
  tx: Db,
  batch: BatchRow,
  change: { paymentId: number; payment: PaymentFields; full: boolean },
  at: (field: string) => string,
  idField = 'paymentId',
): Promise<PaymentRow> {
  const existing = orRefuse(await paymentOf(tx, batch.id, change.paymentId, idField))
  const fields = change.full
    ? change.payment
    : { ...fieldsOf(existing, batch.currencyCode), ...definedOf(change.payment) }
  const values = orRefuse(checkPayment(fields, batch.currencyCode, at))
  // A method the payment no longer offers cannot stay forbidden.
  const [row] = await tx
    .update(globalPayBatchPayments)
    .set({ ...values, ...(change.full ? { forbiddenMethods: [] } : {}) })
    .where(eq(globalPayBatchPayments.id, existing.id))
    .returning()
  if (!row) throw new Error('assertion: the payment was updated')
  return row
}

function definedOf(fields: PaymentFields): PaymentFields {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined))
}

/** Removes or restores a payment; either is allowed any number of times while a draft. */
export async function setRemoved(
  tx: Db,
  batch: BatchRow,
  paymentId: number,
  removed: boolean,
  idField = 'paymentId',
): Promise<PaymentRow> {
  const existing = orRefuse(await paymentOf(tx, batch.id, paymentId, idField))
  const [row] = await tx
    .update(globalPayBatchPayments)
    .set({ removed })
    .where(eq(globalPayBatchPayments.id, existing.id))
    .returning()
  if (!row) throw new Error('assertion: the payment was updated')
  return row
}
