// Rates for paying out in a currency the bank holds no accounts in (an EFT in JPY, an instant
// payment in BRL): the rail converts, and the customer gets the account rate to USD times a
// fixed reference rate of the payout currency, less the same FX markup once. The reference
// values stand until a rate feed adapter exists (docs/decisions.md, "External transfers").
import { customerRate, fxMarkupPpm } from '../accounts/exchange-rates.ts'

/** Units of each payout-only currency per 1 USD. */
const payoutUnitsPerUsd: Record<string, { units: bigint; decimals: number }> = {
  BRL: { units: 500n, decimals: 2 },
  JPY: { units: 15_000n, decimals: 2 },
  HKD: { units: 780n, decimals: 2 },
  LKR: { units: 30_000n, decimals: 2 },
  MXN: { units: 1_700n, decimals: 2 },
  INR: { units: 8_300n, decimals: 2 },
}

const rateOne = 10n ** 12n

/** The customer's rate from an account currency to a payout currency, 12 decimals. */
export function payoutRate(fromCode: string, toCode: string): bigint | undefined {
  const direct = customerRate(fromCode, toCode)
  if (direct !== undefined) return direct
  const payout = payoutUnitsPerUsd[toCode]
  if (!payout) return undefined
  const scaledUnits = (payout.units * rateOne) / 10n ** BigInt(payout.decimals)
  if (fromCode === 'USD') return (scaledUnits * (1_000_000n - fxMarkupPpm)) / 1_000_000n
  const toUsd = customerRate(fromCode, 'USD')
  if (toUsd === undefined) return undefined
  return (toUsd * scaledUnits) / rateOne
}
