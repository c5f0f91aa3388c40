// Money as integers in minor units with the currency's scale (STYLE.md habit 4). Decimal
// strings travel on the wire; floats are never used for amounts.

const decimalPattern = /^(-?)(\d+)(?:\.(\d+))?$/

/** Parses "12.34" at the given scale; more decimals than the scale is an error, not rounding. */
export function toMinor(amount: string, scale: number): bigint {
  const match = decimalPattern.exec(amount.trim())
  if (!match) throw new RangeError(`not a decimal amount: ${amount}`)
  const [, sign, whole = '0', fraction = ''] = match
  if (fraction.replace(/0+$/, '').length > scale) {
    throw new RangeError(`${amount} has more than ${scale} decimals`)
  }
  const minor = BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale))
  return sign === '-' ? -minor : minor
}

/** Minor units back to a decimal string with exactly `scale` decimals. */
export function fromMinor(minor: bigint, scale: number): string {
  const negative = minor < 0n
  const digits = (negative ? -minor : minor).toString().padStart(scale + 1, '0')
  const whole = digits.slice(0, digits.length - scale)
  const fraction = digits.slice(digits.length - scale)
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`
}

/**
 * The display rule of product-spec section 9: round half away from zero to 8 decimals,
 * then drop trailing zeros but keep at least 2 decimals. Works on the decimal string, so
 * no precision is lost to binary floats.
 */
export function formatAmount(amount: string | number | bigint): string {
  const text =
    typeof amount === 'number'
      ? amount.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })
      : typeof amount === 'string'
        ? amount.trim()
        : String(amount)
  const match = decimalPattern.exec(text)
  if (!match) return text
  const [, sign, whole = '0', fraction = ''] = match
  let scaled = BigInt(whole + fraction.padEnd(8, '0').slice(0, 8))
  if ((fraction[8] ?? '0') >= '5') scaled += 1n
  const fixed = fromMinor(scaled, 8)
  const [intPart = '0', decPart = ''] = fixed.split('.')
  const trimmed = decPart.replace(/0+$/, '').padEnd(2, '0')
  const isZero = scaled === 0n
  return `${sign === '-' && !isZero ? '-' : ''}${intPart}.${trimmed}`
}

/**
 * An amount for a person to read, in their language (issue 16 item 3): the locale's grouping,
 * decimal sign and currency symbol placement, with the display rule above (half away from
 * zero at 8 decimals, at least 2). `lang` is a product language (en, es, pt, ro, ru, ua) or
 * i18next's `uk` for Ukrainian. A code Intl does not know as a currency (USDT) follows the
 * number. Decimal strings are formatted as decimals, never through a float.
 */
export function formatMoney(
  amount: string | number | bigint,
  currency: string | undefined,
  lang = 'en',
): string {
  const text = formatAmount(amount)
  if (!decimalPattern.test(text)) return currency ? `${text} ${currency}` : text
  const locale = intlLocale(lang)
  const code = currency?.trim().toUpperCase() ?? ''
  if (/^[A-Z]{3}$/.test(code))
    return moneyFormat(locale, code).format(text as Intl.StringNumericLiteral)
  const number = moneyFormat(locale, '').format(text as Intl.StringNumericLiteral)
  return code ? `${number} ${code}` : number
}

/** A product language as Intl knows it ("ua" is Ukrainian, "uk" in BCP 47). */
function intlLocale(lang: string): string {
  const base = lang.split('-')[0]?.toLowerCase() ?? 'en'
  return base === 'ua' ? 'uk' : base || 'en'
}

const moneyFormats = new Map<string, Intl.NumberFormat>()

function moneyFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`
  let format = moneyFormats.get(key)
  if (!format) {
    const digits = { minimumFractionDigits: 2, maximumFractionDigits: 8 }
    format = new Intl.NumberFormat(
      locale,
      currency ? { style: 'currency', currency, ...digits } : digits,
    )
    moneyFormats.set(key, format)
  }
  return format
}
