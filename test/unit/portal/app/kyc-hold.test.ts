// "kyc forces KYC when KYC is needed" (product-spec section 2; src/portal/app/kyc-hold.ts): a
// person whose KYC is needed is sent to /kyc from any other page but those that help to
// complete it; nobody else is held.
import { describe, expect, it } from 'vitest'
import { kycHoldTarget } from '../../../../src/portal/app/kyc-hold.ts'

const person = { isNeedKyc: true, isAdmin: false, customerType: 0 } as const

describe('the KYC hold', () => {
  it.each(['/home', '/history', '/setting/devices', '/profile', '/'])(
    'brings a person needing KYC from %s to /kyc',
    (path) => expect(kycHoldTarget(person, path)).toBe('/kyc'),
  )

  it.each([
    '/kyc',
    '/kyc/',
    '/kyc/identity',
    '/profile-update',
    '/unverified-account',
    '/limited-account',
    '/video-identity-job/VID-1',
  ])('leaves %s open: it helps to complete KYC', (path) =>
    expect(kycHoldTarget(person, path)).toBeUndefined(),
  )

  it('holds no one who needs no KYC, no administrator, no business, nor while unknown', () => {
    expect(kycHoldTarget({ ...person, isNeedKyc: false }, '/home')).toBeUndefined()
    expect(kycHoldTarget({ ...person, isAdmin: true }, '/home')).toBeUndefined()
    expect(kycHoldTarget({ ...person, customerType: 2 }, '/home')).toBeUndefined()
    expect(kycHoldTarget({ ...person, customerType: 1 }, '/home')).toBeUndefined()
    expect(kycHoldTarget(undefined, '/home')).toBeUndefined()
    expect(kycHoldTarget(person, '/kycx')).toBe('/kyc')
  })
})
