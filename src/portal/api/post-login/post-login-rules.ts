// Post-login routing, in the order of product-spec section 2: old web, admin overview,
// business without related accounts (old web with the authorized-user information),
// business with related accounts (the customer-access list, then the business start page),
// personal profile update, KYC, self-certification splash, the remembered path, home; and
// when no customer could be read, the pending terms or the login screen.
// The decisions are pure functions, unit-tested branch by branch; post-login.ts reads what
// they need from the server.
import type { components } from '../../../generated/api.d.ts'
import { isBusinessCustomer } from '../../../shared/access-rights.ts'

export type CustomerInfo = components['schemas']['CustomerInfo']
export type CustomerTerm = components['schemas']['CustomerTerm']
export type CustomerAccessInfo = components['schemas']['CustomerAccessInfo']
type AccessEntry = CustomerAccessInfo['accessList'][number]

export type Destination =
  | { kind: 'route'; path: string }
  | { kind: 'external'; url: string }
  | { kind: 'terms'; terms: CustomerTerm[] }
  | { kind: 'login'; reason?: 'no-access' | 'failed' }

export const routes = {
  home: '/home',
  adminOverview: '/admin-overview',
  profileUpdate: '/profile-update',
  kyc: '/kyc',
  selfCertificationSplash: '/self-certification-splash',
  businessSelfCertificationSplash: '/self-certification-business-splash',
  companyDocuments: '/company-documents',
  companyChoice: '/company',
} as const

const business = (info: CustomerInfo) => isBusinessCustomer(info.customerType)

/** Steps 1 to 6 for a customer that could be read. */
export function firstDestination(input: {
  info: CustomerInfo
  /** The acting customer chosen with fromCustomerId (a "custom customer id"). */
  actingCustomerId?: number
  fatcaActionRequired: boolean
  initialPath?: string
}): Destination | 'business-without-related' | 'business-with-related' {
  const { info } = input
  if (info.useOldWeb && input.actingCustomerId === undefined && info.oldWebUrl)
    return { kind: 'external', url: info.oldWebUrl }
  if (info.isAdmin) return { kind: 'route', path: routes.adminOverview }
  if (business(info))
    return info.isHaveRelatedAccounts ? 'business-with-related' : 'business-without-related'
  if (info.isNeedPersonalInfoUpdate) return { kind: 'route', path: routes.profileUpdate }
  if (info.isNeedKyc) return { kind: 'route', path: routes.kyc }
  if (input.fatcaActionRequired) return { kind: 'route', path: routes.selfCertificationSplash }
  return { kind: 'route', path: usablePath(input.initialPath) ?? routes.home }
}

/** Step 3: the old web with the authorized-user information, or login when that failed. */
export function oldWebDestination(answer: {
  ok: boolean
  oldWebUrl?: string
  authorizedUserId?: number
}): Destination {
  if (!answer.ok || !answer.oldWebUrl) return { kind: 'login', reason: 'failed' }
  const url = new URL(answer.oldWebUrl)
  if (answer.authorizedUserId !== undefined)
    url.searchParams.set('authorizedUserId', String(answer.authorizedUserId))
  return { kind: 'external', url: url.toString() }
}

/** Step 4: the access list; one customer starts at once, several are chosen from a list. */
export function accessListDestination(input: {
  access: CustomerAccessInfo | undefined
  initialPath?: string
}): Destination | { kind: 'start'; entry: AccessEntry } {
  const list = input.access?.accessList ?? []
  if (list.length === 0) return { kind: 'login', reason: 'no-access' }
  if (list.length === 1) return { kind: 'start', entry: list[0]! }
  return { kind: 'route', path: routes.companyChoice }
}

/** The business start page once the access list has loaded, in the order of section 2. */
export function businessStartPage(input: {
  access: Pick<CustomerAccessInfo, 'isNeedKyc' | 'taxSelfCertificationStatus'>
  entry: Pick<AccessEntry, 'balanceInfo'>
  initialPath?: string
}): string {
  if (input.access.isNeedKyc) return routes.kyc
  if (!input.entry.balanceInfo) return routes.companyDocuments
  const saved = usablePath(input.initialPath)
  if (saved) return saved
  const status = input.access.taxSelfCertificationStatus
  if (status === 'validated' || status === 'pending') return routes.home
  return routes.businessSelfCertificationSplash
}

/** Step 7: no customer (no e-mail) was read: its pending terms, else the login screen. */
export function withoutCustomer(terms: CustomerTerm[] | undefined): Destination {
  return terms?.length ? { kind: 'terms', terms } : { kind: 'login', reason: 'failed' }
}

/** Only a local path of the portal, never the login page or another site (open redirect). */
export function usablePath(path: string | undefined | null): string | undefined {
  if (!path || !path.startsWith('/') || path.startsWith('//')) return undefined
  if (path === '/' || path.startsWith('/login')) return undefined
  return path
}
