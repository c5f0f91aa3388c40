// @vitest-environment jsdom
// The review's arithmetic and words (issue 16): the total is exact decimal addition, the
// external payee reads as name and destination, and a person payee's name is shortened.
import { describe, expect, it } from 'vitest'
import { totalOf } from '../../../../src/portal/features/transfers/transfer-review.tsx'
import { recipientOfRequest } from '../../../../src/portal/features/transfers/external-review.ts'
import { displayNameOf } from '../../../../src/server/transfers/payee-lookup.ts'

describe('totalOf', () => {
  it('adds amount and fee exactly, at the wider scale', () => {
    expect(totalOf('2', '0.30')).toBe('2.30')
    expect(totalOf('0.1', '0.2')).toBe('0.30')
    expect(totalOf('1234.5', '10.00')).toBe('1244.50')
    expect(totalOf('0.00012345', '0.0001', 8)).toBe('0.00022345')
  })
})

describe('recipientOfRequest', () => {
  it('names the payee and where the money goes', () => {
    expect(recipientOfRequest({ beneficiaryName: 'Casey Jordan', accountNumber: '0001' })).toBe(
      'Casey Jordan · 0001',
    )
    expect(
      recipientOfRequest({ cardHolderName: 'Alex Morgan', cardNumber: '4111111111111111' }),
    ).toBe('Alex Morgan · •••• 1111')
    expect(recipientOfRequest({ walletAddress: 'bc1qxy' })).toBe('bc1qxy')
  })
})

describe('displayNameOf', () => {
  it('gives a business its name and a person a first name and initial', () => {
    expect(displayNameOf({ businessName: 'Northwind', firstName: 'A', lastName: 'B' })).toBe(
      'Northwind',
    )
    expect(displayNameOf({ businessName: null, firstName: 'Alex', lastName: 'morgan' })).toBe(
      'Alex M.',
    )
    expect(displayNameOf({ businessName: ' ', firstName: 'Alex', lastName: null })).toBe('Alex')
  })
})
