// What financialDetailUpdate and dueDiligenceUpdate share: an administrator replaces one part of
// the business profile of the customer chosen with fromCustomerId (product-spec section 6:
// admins update a customer's financial info and due diligence). A customer without a business
// profile (a personal customer) answers VF naming fromCustomerId.
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { businessProfiles } from '../db/schema-business.ts'
import type { FieldError } from '../rpc/outcome.ts'
import { refusal } from '../rpc/outcome.ts'

type ProfilePart = 'financialDetail' | 'dueDiligence'

export const notABusiness: FieldError = refusal(
  'fromCustomerId',
  'refusal.business.notBusinessWithProfile',
)

/** Writes the part; false when the customer has no business profile. */
export async function replaceProfilePart(
  db: Db,
  customerId: number,
  part: ProfilePart,
  value: Record<string, unknown>,
): Promise<boolean> {
  const rows = await db
    .update(businessProfiles)
    .set({ [part]: value })
    .where(eq(businessProfiles.customerId, customerId))
    .returning({ customerId: businessProfiles.customerId })
  return rows.length > 0
}
