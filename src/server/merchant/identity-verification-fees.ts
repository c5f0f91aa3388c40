// The fee of one merchant identity verification, per account currency, from
// data/identity-verification-fees.json. Amounts are checked against the currency's scale when
// the module loads, so a typo in the file fails at start, not at the first charge.
import feeFile from './data/identity-verification-fees.json' with { type: 'json' }
import { scaleOf } from '../dictionaries/currency-table.ts'
import { fromMinor, toMinor } from '../../shared/money.ts'

export interface IdentityVerificationFee {
  currencyCode: string
  amountMinor: bigint
  /** The decimal string of the wire, with the currency's scale. */
  amount: string
}

const fees = new Map<string, IdentityVerificationFee>(
  Object.entries(feeFile.fees).map(([currencyCode, amount]) => {
    const scale = scaleOf(currencyCode)
    const amountMinor = toMinor(amount, scale)
    if (amountMinor <= 0n) throw new Error(`assertion: the ${currencyCode} fee is positive`)
    return [currencyCode, { currencyCode, amountMinor, amount: fromMinor(amountMinor, scale) }]
  }),
)

/** The fee charged to an account in this currency; undefined when not offered in it. */
export function identityVerificationFee(currencyCode: string): IdentityVerificationFee | undefined {
  return fees.get(currencyCode)
}
