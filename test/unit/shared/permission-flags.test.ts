// The one table of product-spec section 6's flags (src/shared/permission-flags.ts), which the
// server's submits and the portal's transfer and mass pages both read.
import { describe, expect, test } from 'vitest'
import {
  allowedPermissions,
  anyMassFlag,
  flagOfTransfer,
  massFlags,
  type TransferPermission,
} from '../../../src/shared/permission-flags.ts'
import { approveTypeOfMode, twoStepModes } from '../../../src/shared/two-step-modes.ts'
import { eftNeedsBankCode, isExternalTransferType } from '../../../src/shared/transfer-types.ts'

describe('flagOfTransfer', () => {
  test.each<[string, TransferPermission, string | undefined]>([
    ['wire', 'own', 'Wire'],
    ['wire', '3d', 'sendMoneyWire'],
    ['eft', 'own', 'Bank'],
    ['oct', '3d', 'sendMoneyCreditCard'],
    ['crypto_eft', '3d', 'sendCryptoEft'],
    ['p2p', '3d', 'sendMoneyUser'],
    ['betweenAccounts', 'own', undefined],
  ])('%s for %s needs %s', (type, permission, want) => {
    expect(flagOfTransfer(type, permission)).toBe(want)
  })
})

test('allowedPermissions: for whom the flags let a type send', () => {
  expect(allowedPermissions('wire', {})).toEqual([])
  expect(allowedPermissions('wire', { Wire: true })).toEqual(['own'])
  expect(allowedPermissions('wire', { Wire: true, sendMoneyWire: true })).toEqual(['own', '3d'])
})

test('every mass flag of section 6 opens the mass pages, and no other flag does', () => {
  expect(massFlags).toHaveLength(8)
  for (const flag of massFlags) expect(anyMassFlag({ [flag]: true })).toBe(true)
  expect(anyMassFlag({ sendMoneyUser: true, sendMoneyWire: true })).toBe(false)
})

test('the approval type of each approval mode (section 4)', () => {
  const types = twoStepModes.transaction.map((mode) => [mode, approveTypeOfMode(mode)])
  expect(Object.fromEntries(types)).toEqual({
    push: 1,
    otp: 3,
    sms: 2,
    approvalCode: 4,
    simple: 0,
    direct: 0,
  })
})

test('transfer types and bank-code countries', () => {
  expect(isExternalTransferType('interac')).toBe(true)
  expect(isExternalTransferType('p2p')).toBe(false)
  expect(['BR', 'jp', 'HK', 'LK'].every(eftNeedsBankCode)).toBe(true)
  expect(eftNeedsBankCode('US')).toBe(false)
})
