// The account verification state of product-spec section 4, derived in priority order, with
// the required-action count, the banner rule and the representative-action rule. Where the
// product names a rule without its inputs, the choices are recorded in docs/decisions.md ("Operation names", kyc).
import {
  AddressStatus,
  DocumentStatus,
  FatcaDocumentStatus,
  KycRequestStatus,
  ProofOfResidenceStatus,
  VerificationState,
} from '../generated/constants.ts'
import { documentsReview } from './document-review.ts'

/** How far the review of an unverified customer has come (rule 6). */
export type ReviewStage = 'notStarted' | 'processing' | 'verificationProcessing' | 'finalReview'

export interface VerificationFacts {
  isRepresentative: boolean
  isBusiness: boolean
  verified: boolean
  limited: boolean
  /** Every document the open limit reasons ask for is uploaded. */
  limitDocumentsUploaded: boolean
  duplicateDocuments: 'none' | 'flagged' | 'uploaded'
  /** Some address needs a document before a card can ship to it. */
  cardDocumentRequired: boolean
  requiredActionCount: number
  reviewStage: ReviewStage
}

/** Section 4, "Account verification state (derived, in priority)": the first rule that holds. */
export function deriveVerificationState(facts: VerificationFacts): VerificationState {
  if (facts.isRepresentative) return VerificationState.Checked
  if (facts.limited) {
    return facts.limitDocumentsUploaded ? VerificationState.Processing : VerificationState.Limited
  }
  if (facts.duplicateDocuments === 'uploaded') return VerificationState.DuplicateDocumentsUploaded
  if (facts.duplicateDocuments === 'flagged') return VerificationState.DuplicateDocuments
  if (facts.cardDocumentRequired) return VerificationState.SomeCardDocumentRequired
  if (facts.requiredActionCount > 0) return VerificationState.HasRequiredActions
  if (!facts.verified) {
    switch (facts.reviewStage) {
      case 'processing':
        return VerificationState.Processing
      case 'verificationProcessing':
        return VerificationState.VerificationProcessing
      case 'finalReview':
        return facts.isBusiness ? VerificationState.Checked : VerificationState.FinalReview
      case 'notStarted':
        return VerificationState.Unverified
    }
  }
  return VerificationState.Checked
}

const bannerStates = new Set<VerificationState>([
  VerificationState.Limited,
  VerificationState.DuplicateDocuments,
  VerificationState.DuplicateDocumentsUploaded,
  VerificationState.Unverified,
  VerificationState.HasRequiredActions,
  VerificationState.SomeCardDocumentRequired,
])

/** Section 4: the banner warns for limited, duplicate, unverified, required actions and card document. */
export function bannerWarns(state: VerificationState): boolean {
  return bannerStates.has(state)
}

/**
 * Rule 6's stage: an identity check running at the provider comes first; then the documents
 * on file: all confirmed is the final review, all in review is processing, anything else (or
 * nothing) means the customer has not finished.
 */
export function reviewStageOf(
  documentStatusIds: readonly number[],
  kycRequestStatus: KycRequestStatus | undefined,
): ReviewStage {
  if (kycRequestStatus === KycRequestStatus.InProgress) return 'verificationProcessing'
  const review = documentsReview(documentStatusIds)
  if (review.verified) return 'finalReview'
  if (review.inReview) return 'processing'
  return 'notStarted'
}

export interface RequiredActionFacts {
  isBusiness: boolean
  fatcaFormStatuses: readonly FatcaDocumentStatus[]
  /** Statuses of the customer's current addresses. */
  addressStatuses: readonly number[]
  proofOfResidenceStatus: ProofOfResidenceStatus
  /** The newest proof of identity's status; undefined when there is none. */
  identityStatusId: number | undefined
  /**
   * An identity check is running at a provider: the identity is being provided, so a missing
   * or refused one asks nothing more of the customer until the provider decides.
   */
  identityCheckInProgress: boolean
  /** The primary phone is confirmed (false when there is no phone). */
  phoneConfirmed: boolean
  videoIdentityStatusId: number | undefined
}

const actionFatcaStatuses = new Set<string>([
  FatcaDocumentStatus.None,
  FatcaDocumentStatus.Rejected,
])
const invalidAddressStatuses = new Set<number>([
  AddressStatus.Unconfirmed,
  AddressStatus.Rejected,
  AddressStatus.NameMismatch,
])
const actionResidenceStatuses = new Set<string>([
  ProofOfResidenceStatus.ExpiredSoon,
  ProofOfResidenceStatus.None,
  ProofOfResidenceStatus.Rejected,
])
const actionIdentityStatuses = new Set<number>([
  DocumentStatus.NameMismatch,
  DocumentStatus.Rejected,
  DocumentStatus.Canceled,
])

/** Section 4's required-action count: one for each of the six areas that needs the customer. */
export function countRequiredActions(facts: RequiredActionFacts): number {
  const areas = [
    !facts.isBusiness && facts.fatcaFormStatuses.some((status) => actionFatcaStatuses.has(status)),
    facts.addressStatuses.length === 0 ||
      facts.addressStatuses.some((status) => invalidAddressStatuses.has(status)),
    actionResidenceStatuses.has(facts.proofOfResidenceStatus),
    !facts.identityCheckInProgress &&
      (facts.identityStatusId === undefined || actionIdentityStatuses.has(facts.identityStatusId)),
    !facts.phoneConfirmed,
    facts.videoIdentityStatusId === DocumentStatus.Rejected,
  ]
  return areas.filter(Boolean).length
}

export interface RepresentativeDocumentStatuses {
  addressStatus?: number | null
  identityStatus?: number | null
  controlDocumentStatus?: number | null
}

/**
 * Section 4: a representative action is required when an address, identity or control
 * document status is set and is not 1 or 2 (the product's wording, kept literally).
 */
export function representativeActionRequired(statuses: RepresentativeDocumentStatuses): boolean {
  return [statuses.addressStatus, statuses.identityStatus, statuses.controlDocumentStatus].some(
    (status) => status !== undefined && status !== null && status !== 1 && status !== 2,
  )
}
