// When a personal customer's KYC is needed (product-spec section 2: post-login routing sends a
// personal customer to kyc "if KYC is needed", and the kyc route forces it). Registration sets
// the need; the bank may set it too (customers.needs_kyc). It is met, and cleared, once the
// customer has given what the KYC page asks: the KYC answers, a proof of identity and a proof
// of address, each file waiting for review or confirmed (a refused one does not count). The
// review itself is then the verification state's (processing), not a reason to hold the
// customer on the KYC page (docs/decisions.md, "The KYC page and profile update").
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customers } from '../db/schema.ts'
import { DocumentCategory, DocumentStatus } from '../../generated/constants.ts'
import {
  loadCustomerRecords,
  mainUploadsOfCategory,
  type CustomerRecords,
} from './customer-records.ts'
import { isBusinessCustomer } from './record-views.ts'

/** Statuses of a file that no longer counts as given: the bank refused it, or it ran out. */
const refused = new Set<number>([
  DocumentStatus.Canceled,
  DocumentStatus.Deleted,
  DocumentStatus.Rejected,
  DocumentStatus.Expired,
  DocumentStatus.NameMismatch,
])

/** Whether the records hold everything the KYC page asks of a person. */
export function kycGiven(records: CustomerRecords): boolean {
  const profile = records.kycProfile
  const answered =
    profile !== undefined &&
    profile.occupationId !== null &&
    profile.sourceOfFundsIds.length > 0 &&
    profile.purposeIds.length > 0 &&
    profile.estimatedMonthlyDepositId !== null
  const given = (categoryId: number) =>
    mainUploadsOfCategory(records, categoryId).some((upload) => !refused.has(upload.statusId))
  return (
    answered && given(DocumentCategory.ProofOfIdentity) && given(DocumentCategory.ProofOfAddress)
  )
}

/** Clears a personal customer's KYC need once it is met; called after each KYC write. */
export async function settleKycNeed(db: Db, customerId: number): Promise<void> {
  const records = await loadCustomerRecords(db, customerId)
  if (!records?.customer.needsKyc || isBusinessCustomer(records) || !kycGiven(records)) return
  await db.update(customers).set({ needsKyc: false }).where(eq(customers.id, customerId))
}
