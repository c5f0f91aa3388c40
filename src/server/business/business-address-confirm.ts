// businessAddressConfirm: the business confirms that one of its addresses is still correct
// (product-spec section 7, Customer and identity; a failure shows the error popup, section 8).
// A confirmation rests on a current proof of address (section 4: submitted or confirmed, not
// out of date): with a confirmed proof the address is confirmed, with one still in review it
// is pending. An address the bank rejected, or one without a current proof, is VF naming
// addressId, as is an address that is not the business's own (docs/decisions.md).
import { and, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure, type RefusalKey, rpcRefuse } from '../rpc/outcome.ts'
import { customerAddresses } from '../db/schema.ts'
import { AddressStatus, DocumentStatus } from '../../generated/constants.ts'
import { isAcceptableAddressDocument } from '../../shared/document-review.ts'
import { uploadsOfAddress } from '../kyc/customer-records.ts'
import { addressView } from '../kyc/record-views.ts'
import { isFailure, loadCompanyRecords } from './company-records.ts'

const refuse = (reason: RefusalKey) => validationFailure([refusal('addressId', reason)])

const rejectedStatuses = new Set<number>([AddressStatus.Rejected, AddressStatus.NameMismatch])

export const handler: Handler<'businessAddressConfirm'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const company = await loadCompanyRecords(context.db, customerId)
  if (isFailure(company)) return company
  const { records } = company
  const address = records.addresses.find((row) => row.id === input.addressId)
  if (!address) return refuse('refusal.business.notCompanyAddress')
  if (rejectedStatuses.has(address.status)) {
    return refuse('refusal.business.addressRejected')
  }
  const view = addressView(records, address)
  const proof = uploadsOfAddress(records, address.id).find(
    (upload) => !upload.isSubDocument && isAcceptableAddressDocument(upload.statusId),
  )
  if (!proof || view.isDocumentRequired || view.isDocumentOutOfDate) {
    return refuse('refusal.business.noAddressProof')
  }
  const status =
    proof.statusId === DocumentStatus.Confirmed ? AddressStatus.Confirmed : AddressStatus.Pending
  await context.db
    .update(customerAddresses)
    .set({ status })
    .where(and(eq(customerAddresses.id, address.id), eq(customerAddresses.customerId, customerId)))
  const after = await loadCompanyRecords(context.db, customerId)
  if (isFailure(after)) return after
  const confirmed = after.records.addresses.find((row) => row.id === address.id)
  if (!confirmed) return rpcRefuse('UE', 'answer.common.addressNotFound')
  return rpcOk({ address: addressView(after.records, confirmed) })
}
