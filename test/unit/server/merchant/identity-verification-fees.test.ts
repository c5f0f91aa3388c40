// The identity verification fee table: one positive fee per offered currency, with the
// currency's own scale on the wire.
import { describe, expect, it } from 'vitest'
import { identityVerificationFee } from '../../../../src/server/merchant/identity-verification-fees.ts'

describe('identityVerificationFee', () => {
  it.each([
    ['EUR', '2.00', 200n],
    ['USD', '2.50', 250n],
    ['JPY', '350', 350n],
    ['HUF', '800', 800n],
  ])('charges %s %s', (currencyCode, amount, amountMinor) => {
    expect(identityVerificationFee(currencyCode)).toEqual({ currencyCode, amount, amountMinor })
  })

  it('offers nothing in a currency missing from the table', () => {
    expect(identityVerificationFee('XAU')).toBeUndefined()
    expect(identityVerificationFee('eur')).toBeUndefined()
  })
})
