// Post-login routing of product-spec section 2, branch by branch, in its order, and the
// business start page after the access list.
import { describe, expect, test } from 'vitest'
import {
  accessListDestination,
  businessStartPage,
  firstDestination,
  oldWebDestination,
  routes,
  usablePath,
  withoutCustomer,
  type CustomerInfo,
} from '../../../../src/portal/api/post-login/post-login-rules.ts'

const personal: CustomerInfo = {
  customerId: 1,
  userId: 1,
  login: 'person@example.com',
  customerType: 0,
  isAdmin: false,
  permissions: {},
} as CustomerInfo
const business: CustomerInfo = { ...personal, customerType: 2, isHaveRelatedAccounts: true }

describe('first destination, in order', () => {
  test('1. the old web, unless a customer was chosen with fromCustomerId', () => {
    const info = { ...business, isAdmin: true, useOldWeb: true, oldWebUrl: 'https://old.example/' }
    expect(firstDestination({ info, fatcaActionRequired: false })).toEqual({
      kind: 'external',
      url: 'https://old.example/',
    })
    expect(firstDestination({ info, actingCustomerId: 7, fatcaActionRequired: false })).toEqual({
      kind: 'route',
      path: routes.adminOverview,
    })
  })
  test('2. an administrator goes to the admin overview before anything else of theirs', () => {
    const info = { ...personal, isAdmin: true, isNeedKyc: true }
    expect(firstDestination({ info, fatcaActionRequired: true })).toEqual({
      kind: 'route',
      path: routes.adminOverview,
    })
  })
  test('3 and 4. a business user, by related accounts', () => {
    expect(
      firstDestination({
        info: { ...business, isHaveRelatedAccounts: false },
        fatcaActionRequired: false,
      }),
    ).toBe('business-without-related')
    expect(firstDestination({ info: business, fatcaActionRequired: false })).toBe(
      'business-with-related',
    )
    expect(
      firstDestination({ info: { ...business, customerType: 1 }, fatcaActionRequired: false }),
    ).toBe('business-with-related')
  })
  test('5. personal: profile update, then KYC, then the self-certification splash', () => {
    const all = { ...personal, isNeedPersonalInfoUpdate: true, isNeedKyc: true }
    expect(firstDestination({ info: all, fatcaActionRequired: true })).toEqual({
      kind: 'route',
      path: routes.profileUpdate,
    })
    expect(
      firstDestination({
        info: { ...all, isNeedPersonalInfoUpdate: false },
        fatcaActionRequired: true,
      }),
    ).toEqual({ kind: 'route', path: routes.kyc })
    expect(firstDestination({ info: personal, fatcaActionRequired: true })).toEqual({
      kind: 'route',
      path: routes.selfCertificationSplash,
    })
  })
  test('6. the remembered path, else home', () => {
    expect(
      firstDestination({ info: personal, fatcaActionRequired: false, initialPath: '/history' }),
    ).toEqual({ kind: 'route', path: '/history' })
    expect(firstDestination({ info: personal, fatcaActionRequired: false })).toEqual({
      kind: 'route',
      path: routes.home,
    })
  })
})

test('3. the old web with the authorized user, or login when the call failed', () => {
  expect(
    oldWebDestination({ ok: true, oldWebUrl: 'https://old.example/app', authorizedUserId: 42 }),
  ).toEqual({ kind: 'external', url: 'https://old.example/app?authorizedUserId=42' })
  expect(oldWebDestination({ ok: false })).toEqual({ kind: 'login', reason: 'failed' })
})

test('4. an empty access list goes to login; one company starts; several are chosen from', () => {
  expect(accessListDestination({ access: { accessList: [] } })).toEqual({
    kind: 'login',
    reason: 'no-access',
  })
  const one = { customerId: 5, accessRights: 2 as const }
  expect(accessListDestination({ access: { accessList: [one] } })).toEqual({
    kind: 'start',
    entry: one,
  })
  expect(
    accessListDestination({ access: { accessList: [one, { ...one, customerId: 6 }] } }),
  ).toEqual({ kind: 'route', path: routes.companyChoice })
})

describe('the business start page, in order', () => {
  const balances = { balanceInfo: [{ accountId: 1, currencyCode: 'EUR', balance: '1.00' }] }
  test('KYC first', () => {
    expect(
      businessStartPage({ access: { isNeedKyc: true }, entry: {}, initialPath: '/history' }),
    ).toBe(routes.kyc)
  })
  test('company documents when there is no balance info', () => {
    expect(businessStartPage({ access: {}, entry: {}, initialPath: '/history' })).toBe(
      routes.companyDocuments,
    )
  })
  test('then the saved path', () => {
    expect(businessStartPage({ access: {}, entry: balances, initialPath: '/history' })).toBe(
      '/history',
    )
  })
  test('home when the tax self-certification is validated or pending, else its splash', () => {
    for (const status of ['validated', 'pending'] as const)
      expect(
        businessStartPage({ access: { taxSelfCertificationStatus: status }, entry: balances }),
      ).toBe(routes.home)
    for (const status of ['none', 'rejected', undefined] as const)
      expect(
        businessStartPage({
          access: status ? { taxSelfCertificationStatus: status } : {},
          entry: balances,
        }),
      ).toBe(routes.businessSelfCertificationSplash)
  })
})

test('7. without a customer: the pending terms, else login', () => {
  const term = { id: 1, key: 'tos', label: 'Terms', value: false }
  expect(withoutCustomer([term])).toEqual({ kind: 'terms', terms: [term] })
  expect(withoutCustomer(undefined)).toEqual({ kind: 'login', reason: 'failed' })
})

test('a remembered path is only a local page, never login or another site', () => {
  expect(usablePath('/transfer/p2p')).toBe('/transfer/p2p')
  for (const path of ['//evil.example', 'https://evil.example', '/login?next=/x', '/', '', null])
    expect(usablePath(path)).toBeUndefined()
})
