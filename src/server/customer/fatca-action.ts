// Whether a personal customer must act on FATCA/CRS (product-spec section 2, post-login
// routing 5: the self-certification splash "if a FATCA action is required"). The rule is the
// FATCA area of section 4's required actions (src/shared/verification-state.ts): a personal
// customer with any form missing (none) or rejected; a business never.
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { kycProfiles } from '../db/schema.ts'
import { CustomerInfoCustomerType, FatcaDocumentStatus } from '../../generated/constants.ts'

const actionStatuses = new Set<string>([FatcaDocumentStatus.None, FatcaDocumentStatus.Rejected])

/** A customer without a KYC profile has every form at its default: none, so action needed. */
export async function isFatcaActionRequired(
  db: Db,
  customer: { id: number; customerType: number },
): Promise<boolean> {
  if (customer.customerType !== CustomerInfoCustomerType.Personal) return false
  const [profile] = await db
    .select({
      selfCertification: kycProfiles.fatcaSelfCertificationStatus,
      w8Ben: kycProfiles.fatcaW8BenStatus,
      w9: kycProfiles.fatcaW9Status,
      lossOfNationality: kycProfiles.fatcaLossOfNationalityStatus,
    })
    .from(kycProfiles)
    .where(eq(kycProfiles.customerId, customer.id))
  if (!profile) return true
  return Object.values(profile).some((status) => actionStatuses.has(status))
}
