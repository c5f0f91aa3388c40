// A customer's UserStatus: the stored flags plus what product-spec section 4 derives from the
// records (verification state in priority order, required-action count, banner, restriction
// reasons), through the pure rules of src/shared/verification-state.ts.
import type { components } from '../../generated/api.d.ts'
import { FatcaDocumentStatus, KycRequestStatus } from '../../generated/constants.ts'
import {
  bannerWarns,
  countRequiredActions,
  deriveVerificationState,
  reviewStageOf,
  type VerificationFacts,
} from '../../shared/verification-state.ts'
import type { CustomerRecords } from './customer-records.ts'
import { addressView, identityView, isBusinessCustomer, limitReasonView } from './record-views.ts'

type Schemas = components['schemas']

/** The FATCA/CRS form statuses, with a new customer's defaults when no profile exists. */
function fatcaFormStatuses(records: CustomerRecords): FatcaDocumentStatus[] {
  const profile = records.kycProfile
  if (!profile) {
    return [
      FatcaDocumentStatus.None,
      FatcaDocumentStatus.None,
      FatcaDocumentStatus.None,
      FatcaDocumentStatus.NotRequired,
    ]
  }
  return [
    profile.fatcaSelfCertificationStatus,
    profile.fatcaW8BenStatus,
    profile.fatcaW9Status,
    profile.fatcaLossOfNationalityStatus,
  ] as FatcaDocumentStatus[]
}

export function requiredActionCountOf(records: CustomerRecords): number {
  const identity = identityView(records)
  const primaryPhone = records.phones.find((phone) => phone.isPrimary)
  return countRequiredActions({
    isBusiness: isBusinessCustomer(records),
    fatcaFormStatuses: fatcaFormStatuses(records),
    addressStatuses: records.addresses.map((address) => address.status),
    proofOfResidenceStatus: identity.proofOfResidence.status,
    identityStatusId: identity.status,
    identityCheckInProgress: records.latestKycRequest?.status === KycRequestStatus.InProgress,
    phoneConfirmed: primaryPhone !== undefined && primaryPhone.confirmedAt !== null,
    videoIdentityStatusId: identity.videoIdentity?.statusId,
  })
}

/**
 * The files the review stage looks at: of each document its newest main file, since a new
 * upload replaces a rejected one (section 4); a file filed under no document counts alone.
 */
function currentMainUploads(records: CustomerRecords): CustomerRecords['uploads'] {
  const seen = new Set<number>()
  return records.uploads.filter((upload) => {
    if (upload.isSubDocument || upload.uploadedAt === null) return false
    if (upload.documentId === null) return true
    if (seen.has(upload.documentId)) return false
    seen.add(upload.documentId)
    return true
  })
}

export function userStatusOf(records: CustomerRecords): Schemas['UserStatus'] {
  const { customer } = records
  const requiredActionCount = requiredActionCountOf(records)
  const limitReasons = records.limitReasons.map((reason) => limitReasonView(records, reason))
  const reviewedStatuses = currentMainUploads(records).map((upload) => upload.statusId)
  const facts: VerificationFacts = {
    isRepresentative: records.kycProfile?.isRepresentative ?? false,
    isBusiness: isBusinessCustomer(records),
    verified: customer.verified,
    limited: customer.limited,
    limitDocumentsUploaded: limitReasons.every((reason) =>
      reason.requirementDocuments.every((requirement) => requirement.isUploaded),
    ),
    duplicateDocuments: (records.kycProfile?.duplicateDocuments ??
      'none') as VerificationFacts['duplicateDocuments'],
    cardDocumentRequired: records.addresses.some(
      (address) => addressView(records, address).isCardDocumentRequired,
    ),
    requiredActionCount,
    reviewStage: reviewStageOf(
      reviewedStatuses,
      records.latestKycRequest?.status as KycRequestStatus | undefined,
    ),
  }
  const verificationState = deriveVerificationState(facts)
  return {
    verified: customer.verified,
    limited: customer.limited,
    isNeedKyc: customer.needsKyc,
    isNeedPersonalInfoUpdate: customer.needsPersonalInfoUpdate,
    dueDiligenceLevel: customer.dueDiligenceLevel,
    verificationState,
    requiredActionCount,
    bannerWarning: bannerWarns(verificationState),
    // Restriction reasons explain a limit; an account that is not limited has none.
    restrictionReasons: customer.limited
      ? [...new Set(limitReasons.map((reason) => reason.actionTypeId))]
      : [],
  }
}
