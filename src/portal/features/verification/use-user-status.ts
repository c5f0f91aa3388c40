// The signed-in customer's verification status (product-spec section 3, User status and KYC;
// section 4, Account verification state), as the server derives it in profileInquiry.
import type { components } from '../../../generated/api.d.ts'
import { ResponseCode } from '../../../generated/constants.ts'
import { useOperationQuery } from '../../api/operation-query.ts'

export type UserStatus = components['schemas']['UserStatus']

/** The status once known; undefined while it loads or when it cannot be read. */
export function useUserStatus(): { status: UserStatus | undefined; isPending: boolean } {
  const profile = useOperationQuery('profileInquiry', {}, { staleTime: 30_000 })
  const data = profile.data?.data
  const status = data?.responseCode === ResponseCode.Success ? data.profile?.status : undefined
  return { status, isPending: profile.isPending }
}
