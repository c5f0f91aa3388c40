// The session's mass permission flags (product-spec section 6: sendMoneyMass*, of the acting
// customer, from customerAccessListGet) and the sample file links (massSampleLinksGet).
import { accessInfoOf, useCustomerAccessList } from '../../api/get-customer-access-list.ts'
import { useOperationQuery } from '../../api/operation-query.ts'
import { ResponseCode } from '../../../generated/constants.ts'

export interface MassAccess {
  /** null while loading or when the flags could not be read. */
  permissions: Record<string, boolean> | null
  loaded: boolean
  links: Record<string, string | undefined>
}

export function useMassAccess(): MassAccess {
  const access = useCustomerAccessList()
  const samples = useOperationQuery('massSampleLinksGet', {})
  if (access.isPending || samples.isPending) return { permissions: null, loaded: false, links: {} }
  // A lost answer counts as no flags and no links, as a refused one does.
  const linksReply = samples.data?.data
  const info = accessInfoOf(access.data?.data)
  const links = linksReply?.responseCode === ResponseCode.Success ? linksReply.links : undefined
  return {
    permissions: (info?.permissions as Record<string, boolean> | undefined) ?? null,
    loaded: true,
    links: { ...(links ?? {}) },
  }
}
