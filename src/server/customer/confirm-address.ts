// confirmAddress: the customer says an address of theirs is current (product-spec section 7;
// section 8: a failure shows in the error popup). A customer cannot confirm their own address
// (status 1 is the bank's, after reviewing the proof), so: an address waiting for the
// customer (unconfirmed, rejected or name mismatch) goes to pending review (2) once an
// acceptable proof of address (a file submitted or confirmed, section 4) is on file for it;
// without one it is refused, naming the address. A confirmed or pending address keeps its
// status. Every confirmation is recorded with its time (confirmed_by_customer_at).
import { eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure, type RefusalKey } from '../rpc/outcome.ts'
import { customerAddresses } from '../db/schema.ts'
import { AddressStatus } from '../../generated/constants.ts'
import { loadCustomerRecords } from '../kyc/customer-records.ts'
import { addressView } from '../kyc/record-views.ts'
import { addressAnswer, currentAddresses, notYourAddress } from './customer-addresses.ts'
import { isFailure, writeTransaction } from './write-transaction.ts'

const reviewed = new Set<number>([AddressStatus.Confirmed, AddressStatus.Pending])

export const handler: Handler<'confirmAddress'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const refuse = (reason: RefusalKey) => validationFailure([refusal('addressId', reason)])
  // The proof is judged by the same view addressInquiry shows (isDocumentRequired).
  const records = await loadCustomerRecords(context.db, customerId)
  const seen = records?.addresses.find((row) => row.id === input.addressId)
  if (!records || !seen) return refuse(notYourAddress)
  const hasProof = !addressView(records, seen).isDocumentRequired
  const written = await writeTransaction(context.db, async (tx) => {
    const address = (await currentAddresses(tx, customerId)).find((row) => row.id === seen.id)
    if (!address) return refuse(notYourAddress)
    const waits = !reviewed.has(address.status)
    if (waits && !hasProof) return refuse('refusal.customer.needsAddressProof')
    await tx
      .update(customerAddresses)
      .set({
        confirmedByCustomerAt: new Date(),
        ...(waits ? { status: AddressStatus.Pending } : {}),
      })
      .where(eq(customerAddresses.id, address.id))
    return address.id
  })
  if (isFailure(written)) return written
  const answer = await addressAnswer(context.db, customerId, written)
  return isFailure(answer) ? answer : rpcOk(answer)
}
