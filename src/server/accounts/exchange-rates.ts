// Exchange rates and conversion in integers (DESIGN.md section 6). A rate is a decimal with
// 12 places held as a bigint; the rate a customer gets is the mid rate less the bank's FX
// markup, and a conversion rounds in the bank's favour: down for what the customer receives,
// up for what the customer pays. The mid rates are fixed reference values until a rate feed
// adapter exists (docs/decisions.md, "Money movement").

/** The currencies a customer can hold an account in, with units per 1 USD. */
const unitsPerUsd: Record<string, string> = {
  USD: '1',
  EUR: '0.92',
  GBP: '0.79',
  RON: '4.58',
  CAD: '1.36',
  AUD: '1.52',
  CHF: '0.88',
  PLN: '3.98',
}

export const accountCurrencies: readonly string[] = Object.keys(unitsPerUsd)

/** The bank's markup on a conversion, in millionths of the amount (0.5%). */
export const fxMarkupPpm = 5_000n
const rateScale = 12
const rateOne = 10n ** BigInt(rateScale)

export function isAccountCurrency(code: string): boolean {
  return Object.hasOwn(unitsPerUsd, code)
}

function toScaled(decimal: string): bigint {
  const [whole = '0', fraction = ''] = decimal.split('.')
  return BigInt(whole + fraction.padEnd(rateScale, '0').slice(0, rateScale))
}

/** The rate as a 12-place decimal string, trailing zeros dropped. */
export function rateText(rate: bigint): string {
  const digits = rate.toString().padStart(rateScale + 1, '0')
  const whole = digits.slice(0, -rateScale)
  const fraction = digits.slice(-rateScale).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

/**
 * The customer's rate from one account currency to another: 1 when they are equal (section 5),
 * else the mid rate less the markup, truncated to 12 places. Undefined for a currency the bank
 * does not convert.
 */
export function customerRate(fromCode: string, toCode: string): bigint | undefined {
  if (fromCode === toCode) return rateOne
  const from = unitsPerUsd[fromCode]
  const to = unitsPerUsd[toCode]
  if (from === undefined || to === undefined) return undefined
  const mid = (toScaled(to) * rateOne) / toScaled(from)
  return (mid * (1_000_000n - fxMarkupPpm)) / 1_000_000n
}

/** What arrives for amountMinor sent at rate: rounded down. */
export function convertDown(
  amountMinor: bigint,
  rate: bigint,
  fromScale: number,
  toScale: number,
): bigint {
  return (amountMinor * rate * 10n ** BigInt(toScale)) / (rateOne * 10n ** BigInt(fromScale))
}

/** What must be sent for toMinor to arrive at rate: rounded up. */
export function convertUp(
  toMinor: bigint,
  rate: bigint,
  fromScale: number,
  toScale: number,
): bigint {
  const numerator = toMinor * rateOne * 10n ** BigInt(fromScale)
  const denominator = rate * 10n ** BigInt(toScale)
  return (numerator + denominator - 1n) / denominator
}
