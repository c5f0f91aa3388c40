// The access vocabulary shared by x-access and screens (src/shared/access.ts): how it parses,
// whom a screen admits in the portal, and the brands:check rule between screen and operation.
import { describe, expect, test } from 'vitest'
import {
  admits,
  parseAccess,
  screenAccessGap,
  type Access,
  type Viewer,
} from '../../../src/shared/access.ts'

describe('parseAccess', () => {
  test.each<[string, Access | undefined]>([
    ['public', { kind: 'public' }],
    ['user', { kind: 'user' }],
    ['rights:2,4', { kind: 'rights', rights: [2, 4] }],
    [
      'rights:2,3 permission:sendMoneyUser',
      { kind: 'rights', rights: [2, 3], permission: 'sendMoneyUser' },
    ],
    ['rights:2 customer:business', { kind: 'rights', rights: [2], customer: 'business' }],
    ['session', undefined],
    ['rights:0', undefined],
    ['rights:2 customer:company', undefined],
  ])('%s', (text, want) => {
    expect(parseAccess(text)).toEqual(want)
  })
})

const personal: Viewer = {
  signedIn: true,
  isAdmin: false,
  accessRight: 2,
  customerType: 0,
  permissions: {},
}
const readOnlyOnCompany: Viewer = { ...personal, accessRight: 1, customerType: 2 }
const approverOnCompany: Viewer = { ...personal, accessRight: 4, customerType: 2 }

describe('admits', () => {
  test.each<[string, string, Viewer, boolean]>([
    ['company access, personal customer', 'rights:2 customer:business', personal, false],
    [
      'company access, read-only on a company',
      'rights:2 customer:business',
      readOnlyOnCompany,
      false,
    ],
    [
      'approval queue, approver on a company',
      'rights:2,4 customer:business',
      approverOnCompany,
      true,
    ],
    ['approval queue, personal customer', 'rights:2,4 customer:business', personal, false],
    ['webhooks, personal customer (full on own)', 'rights:2', personal, true],
    ['webhooks, read-only on a company', 'rights:2', readOnlyOnCompany, false],
    ['a flag that is off', 'rights:2 permission:sendMoneyUser', personal, false],
    [
      'a flag that is on',
      'rights:2 permission:sendMoneyUser',
      { ...personal, permissions: { sendMoneyUser: true } },
      true,
    ],
    ['sign-in history, anyone signed in', 'user', readOnlyOnCompany, true],
    ['admin page, no administrator', 'admin', personal, false],
    ['a signed-in page, signed out', 'user', { ...personal, signedIn: false }, false],
  ])('%s', (_name, access, viewer, want) => {
    expect(admits(parseAccess(access)!, viewer)).toBe(want)
  })
})

describe('screenAccessGap: the screen admits no one the operation refuses', () => {
  test.each<[string, string, boolean]>([
    ['rights:2', 'rights:2', true],
    ['rights:2 customer:business', 'rights:2', true],
    ['rights:1,2,3,4', 'rights:1,2,3,4,5', true],
    ['rights:1,2', 'rights:2', false],
    ['user', 'user', true],
    ['user', 'rights:1,2,3,4,5', true],
    ['user', 'rights:1,2,3,4', false],
    ['rights:2', 'rights:2 permission:requestMoney', false],
    ['rights:2 permission:requestMoney', 'rights:2 permission:requestMoney', true],
    ['admin', 'rights:2', true],
    ['rights:2', 'admin', false],
    ['public', 'user', false],
    ['rights:2', 'apiKey', false],
  ])('screen %s over operation %s', (screen, operation, fits) => {
    const gap = screenAccessGap(parseAccess(screen)!, parseAccess(operation)!)
    expect(gap === undefined).toBe(fits)
  })
})
