// The document rules of product-spec section 4 (Document status) and section 5 (documents
// over 90 days), as pure functions over statuses and dates.
import { DocumentStatus, ProofOfResidenceStatus } from '../generated/constants.ts'

/** Documents more than this many days old at upload need a type that allows it (section 5). */
export const maxDocumentAgeDays = 90
/** A validated proof of residence that expires within this many days is "expired soon". */
export const expiresSoonDays = 30

const inReviewStatuses = new Set<number>([
  DocumentStatus.Pending,
  DocumentStatus.Submitted,
  DocumentStatus.UnderInvestigation,
])

export interface DocumentsReview {
  /** Every document is confirmed. */
  verified: boolean
  /** Every document is pending, submitted or under investigation. */
  inReview: boolean
}

/** Section 4: verified when all are confirmed, in review when all are in review; none is neither. */
export function documentsReview(statusIds: readonly number[]): DocumentsReview {
  if (statusIds.length === 0) return { verified: false, inReview: false }
  return {
    verified: statusIds.every((id) => id === DocumentStatus.Confirmed),
    inReview: statusIds.every((id) => inReviewStatuses.has(id)),
  }
}

/** Section 4: ids 0 (submitted) and 2 (confirmed) count as acceptable for address documents. */
export function isAcceptableAddressDocument(statusId: number): boolean {
  return statusId === DocumentStatus.Submitted || statusId === DocumentStatus.Confirmed
}

/** Whole days from one ISO date (yyyy-mm-dd) to another; negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}

export interface DatedDocument {
  issuedDate?: string | null
  expiresDate?: string | null
  /** The day the file arrived (yyyy-mm-dd). */
  uploadedOn: string
  allowedOver90Days: boolean
}

/**
 * Out of date: it has expired by `today`, or it was issued more than 90 days before its upload
 * and its type does not allow that (section 5).
 */
export function isDocumentOutOfDate(document: DatedDocument, today: string): boolean {
  if (document.expiresDate && daysBetween(today, document.expiresDate) < 0) return true
  if (!document.issuedDate || document.allowedOver90Days) return false
  return daysBetween(document.issuedDate, document.uploadedOn) > maxDocumentAgeDays
}

export interface ResidenceProof {
  statusId: number
  expiresDate?: string | null
}

/**
 * The proof-of-residence status (section 4) from the newest proof of address of the home
 * address. Businesses prove their addresses with business documents, so theirs is not required.
 */
export function proofOfResidenceStatus(
  newest: ResidenceProof | undefined,
  today: string,
  isBusiness: boolean,
): ProofOfResidenceStatus {
  if (isBusiness) return ProofOfResidenceStatus.NotRequired
  if (!newest) return ProofOfResidenceStatus.None
  switch (newest.statusId) {
    case DocumentStatus.Confirmed:
      // An expired proof is no proof: the customer uploads a new one.
      if (newest.expiresDate && daysBetween(today, newest.expiresDate) < 0) {
        return ProofOfResidenceStatus.None
      }
      if (newest.expiresDate && daysBetween(today, newest.expiresDate) <= expiresSoonDays) {
        return ProofOfResidenceStatus.ExpiredSoon
      }
      return ProofOfResidenceStatus.Validated
    case DocumentStatus.Submitted:
    case DocumentStatus.Pending:
    case DocumentStatus.UnderInvestigation:
      return ProofOfResidenceStatus.Pending
    case DocumentStatus.Rejected:
    case DocumentStatus.NameMismatch:
      return ProofOfResidenceStatus.Rejected
    default:
      // Expired, canceled or deleted proofs are no proof.
      return ProofOfResidenceStatus.None
  }
}
