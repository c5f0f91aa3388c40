// The review states a business's company screens show (product-spec section 3, Company info;
// section 4, Document status and the representative's required action), as pure functions
// over the status ids of schemas/document-status and schemas/address-status.
import { AddressStatus, DocumentStatus } from '../generated/constants.ts'

const inReviewStatuses = new Set<number>([
  DocumentStatus.Pending,
  DocumentStatus.Submitted,
  DocumentStatus.UnderInvestigation,
])

/**
 * The status of a group of documents (the corporate documents, the additional documents),
 * given each document's current status: its newest file's, or its own while no file came.
 * Confirmed when every document is (section 4: verified when all are confirmed); else the
 * first that needs the customer (rejected, expired, a name mismatch...), since one such
 * document holds the group back; else the first still in review. None for an empty group.
 */
export function documentGroupStatus(statusIds: readonly number[]): DocumentStatus | undefined {
  if (statusIds.length === 0) return undefined
  if (statusIds.every((id) => id === DocumentStatus.Confirmed)) return DocumentStatus.Confirmed
  const needsCustomer = statusIds.find(
    (id) => id !== DocumentStatus.Confirmed && !inReviewStatuses.has(id),
  )
  if (needsCustomer !== undefined) return needsCustomer as DocumentStatus
  return statusIds.find((id) => inReviewStatuses.has(id)) as DocumentStatus
}

/** Address statuses that ask nothing of the representative (section 4: "not 1 or 2"). */
const settledAddressStatuses = new Set<number>([AddressStatus.Confirmed, AddressStatus.Pending])

/**
 * A representative's address document status: unconfirmed without any address (a proof is
 * owed), else the first address that needs an action, else pending while one is reviewed,
 * else confirmed. Anything other than 1 or 2 means a representative action is required.
 */
export function representativeAddressStatus(addressStatuses: readonly number[]): AddressStatus {
  if (addressStatuses.length === 0) return AddressStatus.Unconfirmed
  const needsAction = addressStatuses.find((status) => !settledAddressStatuses.has(status))
  if (needsAction !== undefined) return needsAction as AddressStatus
  return addressStatuses.includes(AddressStatus.Pending)
    ? AddressStatus.Pending
    : AddressStatus.Confirmed
}
