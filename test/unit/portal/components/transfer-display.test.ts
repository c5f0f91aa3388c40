// The display rules of product-spec section 8 for a transfer's failure, and the amount check
// the transfer forms use before they ask for a fee.
import { describe, expect, it } from 'vitest'
import {
  failureText,
  isPositiveAmount,
  newIdempotencyKey,
} from '../../../../src/portal/components/transfer/transfer-display.ts'

describe('failureText', () => {
  it('uses a short description as the header', () => {
    expect(failureText({ responseCode: 'VF', responseDescription: 'Insufficient funds' })).toEqual({
      title: 'Insufficient funds',
      text: null,
    })
  })

  it('moves a description longer than 50 characters under the header "Error"', () => {
    const long = 'The amount is above the largest amount this account may send today'
    expect(long.length).toBeGreaterThan(50)
    expect(failureText({ responseDescription: long })).toEqual({ title: null, text: long })
  })

  it('keeps a description of exactly 50 characters as the header', () => {
    const fifty = 'x'.repeat(50)
    expect(failureText({ responseDescription: fifty })).toEqual({ title: fifty, text: null })
  })

  it('joins validation errors with commas under a short description', () => {
    expect(
      failureText({
        responseCode: 'VF',
        responseDescription: 'Validation failed',
        errors: [
          { parameter: 'amount', description: 'is above the balance' },
          { parameter: 'toEmail', description: 'is not an e-mail' },
        ],
      }),
    ).toEqual({
      title: 'Validation failed',
      text: 'amount: is above the balance, toEmail: is not an e-mail',
    })
  })

  it('shows the joined errors alone when there is no description', () => {
    const answer = { errors: [{ parameter: 'iban', description: 'has wrong check digits' }] }
    expect(failureText(answer)).toEqual({ title: 'iban: has wrong check digits', text: null })
  })

  it('falls back to the generic server message on a 500 or no answer', () => {
    expect(failureText(undefined)).toEqual({ title: null, text: null })
    expect(failureText({ responseDescription: 'boom' }, 500)).toEqual({ title: null, text: null })
  })
})

describe('isPositiveAmount', () => {
  it.each(['1', '0.01', '10.5', '1234.12345678', ' 7 '])('accepts %s', (value) => {
    expect(isPositiveAmount(value)).toBe(true)
  })
  it.each(['0', '0.00', '', '-1', '1.123456789', '1,5', 'abc', '.5'])('refuses "%s"', (value) => {
    expect(isPositiveAmount(value)).toBe(false)
  })
})

describe('newIdempotencyKey', () => {
  it('gives a new key each time', () => {
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey())
  })
})
