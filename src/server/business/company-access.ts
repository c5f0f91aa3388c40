// The companies a user may act for (product-spec section 6: business users act for a chosen
// customer with fromCustomerId; section 4: access rights 0 to 5), read from company_users.
// Shared by customerAccessListGet and getCustomerInfo's related-accounts flag, so the two
// never disagree.
import { and, asc, eq, gt } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customers } from '../db/schema.ts'
import { companyUsers } from '../db/schema-security.ts'
import { AccessRight } from '../../generated/constants.ts'

export interface CompanyAccess {
  customerId: number
  businessName: string | null
  customerType: number
  accessRight: number
  positionIds: number[]
}

/** Companies where the user holds a right above 0 (no access), oldest grant first. */
export async function companiesOfUser(db: Db, userId: number): Promise<CompanyAccess[]> {
  return db
    .select({
      customerId: companyUsers.companyCustomerId,
      businessName: customers.businessName,
      customerType: customers.customerType,
      accessRight: companyUsers.accessRight,
      positionIds: companyUsers.positionIds,
    })
    .from(companyUsers)
    .innerJoin(customers, eq(customers.id, companyUsers.companyCustomerId))
    .where(and(eq(companyUsers.userId, userId), gt(companyUsers.accessRight, AccessRight.NoAccess)))
    .orderBy(asc(companyUsers.createdAt), asc(companyUsers.companyCustomerId))
}

/**
 * "Related accounts" (product-spec section 2, post-login routing 3 and 4): the user can act for
 * a company in this portal. A business's own flag says its accounts are kept here rather than
 * on the old web; any user holding a right on a company has related accounts too.
 */
export function hasRelatedAccounts(
  customer: { hasRelatedAccounts: boolean },
  companies: readonly CompanyAccess[],
): boolean {
  return customer.hasRelatedAccounts || companies.length > 0
}
