// "kyc: It forces KYC when KYC is needed" (product-spec section 2). A personal customer whose
// KYC is needed is brought back to the KYC page from any other page of the main layout, except
// the pages that help to complete it: the KYC page and its panels (/kyc/...), the profile
// update that comes before it, the pages the verification banner leads to and an identity
// check's video job. Signing out is the header's button and stays. An administrator (acting
// for a customer) and a business are not held: a business's KYC is its company documents,
// reached through post-login routing (docs/decisions.md, "The KYC page and profile update").
import type { components } from '../../generated/api.d.ts'
import { isBusinessCustomer } from '../../shared/access-rights.ts'

type CustomerInfo = components['schemas']['CustomerInfo']

export const kycRoute = '/kyc'

const allowed = ['/profile-update', '/unverified-account', '/limited-account']
const allowedUnder = [kycRoute, '/video-identity-job']

/** Where the person is sent instead of the page asked for; undefined when not held. */
export function kycHoldTarget(
  customer: Pick<CustomerInfo, 'isNeedKyc' | 'isAdmin' | 'customerType'> | undefined,
  pathname: string,
): string | undefined {
  if (!customer?.isNeedKyc || customer.isAdmin || isBusinessCustomer(customer.customerType))
    return undefined
  const path = pathname.replace(/\/+$/, '') || '/'
  if (allowed.includes(path)) return undefined
  if (allowedUnder.some((root) => path === root || path.startsWith(`${root}/`))) return undefined
  return kycRoute
}
