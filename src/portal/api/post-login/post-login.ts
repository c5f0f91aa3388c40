// Post-login routing (product-spec section 2): reads the customer, its access list or its
// old-web details from the server and asks post-login-rules.ts where the person goes.
import { api } from '../client.ts'
import { actingCustomer, setActingCustomer } from '../acting-customer.ts'
import {
  accessListDestination,
  businessStartPage,
  firstDestination,
  oldWebDestination,
  withoutCustomer,
  type CustomerAccessInfo,
  type CustomerInfo,
  type CustomerTerm,
  type Destination,
} from './post-login-rules.ts'
import { CustomerInfoCustomerType, ResponseCode } from '../../../generated/constants.ts'

export * from './post-login-rules.ts'

/** Reads what the routing needs and answers where the person goes after signing in. */
export async function routeAfterSignIn(initialPath?: string): Promise<Destination> {
  const infoAnswer = await api.POST('/rpc/getCustomerInfo', { body: {} }).catch(() => null)
  const body = infoAnswer?.data as
    { responseCode?: string; customer?: CustomerInfo; terms?: CustomerTerm[] } | undefined
  if (!body || body.responseCode !== ResponseCode.Success || !body.customer?.login) {
    return withoutCustomer(body?.responseCode === ResponseCode.TermsError ? body.terms : undefined)
  }
  const info = body.customer
  const fatcaActionRequired =
    info.customerType === CustomerInfoCustomerType.Personal && info.isNeedFatcaAction === true
  const first = firstDestination({
    info,
    ...(actingCustomer() !== undefined ? { actingCustomerId: actingCustomer() } : {}),
    fatcaActionRequired,
    ...(initialPath ? { initialPath } : {}),
  })
  if (first === 'business-without-related') {
    const answer = await api.POST('/rpc/businessAuthorizedUserGet', { body: {} }).catch(() => null)
    const data = answer?.data as
      | { responseCode?: string; oldWebUrl?: string; authorizedUser?: { userId?: number } }
      | undefined
    return oldWebDestination({
      ok: data?.responseCode === ResponseCode.Success,
      ...(data?.oldWebUrl ? { oldWebUrl: data.oldWebUrl } : {}),
      ...(data?.authorizedUser?.userId !== undefined
        ? { authorizedUserId: data.authorizedUser.userId }
        : {}),
    })
  }
  if (first === 'business-with-related') {
    const answer = await api.POST('/rpc/customerAccessListGet', { body: {} }).catch(() => null)
    const data = answer?.data as
      { responseCode?: string; accessInfo?: CustomerAccessInfo } | undefined
    const access = data?.responseCode === ResponseCode.Success ? data.accessInfo : undefined
    const next = accessListDestination({ access, ...(initialPath ? { initialPath } : {}) })
    if (next.kind !== 'start') return next
    setActingCustomer(next.entry.customerId === info.customerId ? undefined : next.entry.customerId)
    return {
      kind: 'route',
      path: businessStartPage({
        access: access!,
        entry: next.entry,
        ...(initialPath ? { initialPath } : {}),
      }),
    }
  }
  return first
}
