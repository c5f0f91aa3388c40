// Card BINs (the first 6 digits of a card number): what the BIN table says about a card, the
// blocked-BIN list card transfers may not go to, and PAN masking. Product-spec section 5 ("BIN
// lookup uses the first 6 digits without spaces", "Card numbers are masked when 16 or more
// characters") and section 9 (BIN length 6, PAN masking from 16 digits).
import binTable from './data/bins.json' with { type: 'json' }
import blockedBins from './data/blocked-bins.json' with { type: 'json' }

export const binLength = 6
/** Card numbers of this many characters or more are masked (section 9). */
export const panMaskFromLength = 16

export interface BinEntry {
  binNumber: string
  issuer: string
  cardBrand: string
  cardCategory: string
  cardType: string
  countryCode: string
  currencyCode: string
  isCommercial: boolean
  isPrepaid: boolean
}

export interface BinInfo extends Partial<Omit<BinEntry, 'binNumber'>> {
  binNumber: string
  /** The BIN is in the table and not blocked. */
  valid: boolean
  blocked: boolean
}

const entries: readonly BinEntry[] = binTable
const byBin = new Map(entries.map((entry) => [entry.binNumber, entry]))
const blocked: ReadonlySet<string> = new Set(blockedBins.bins)

/** The BINs card transfers may not go to, in ascending order. */
export function blockedBinList(): string[] {
  return [...blocked].sort()
}

/** The BIN of a card number: its first 6 digits once spaces are removed, if it has 6. */
export function binOf(digits: string): string | undefined {
  const bin = digits.replace(/\s+/g, '').slice(0, binLength)
  return /^[0-9]{6}$/.test(bin) ? bin : undefined
}

export function isBinBlocked(bin: string): boolean {
  return blocked.has(bin.replace(/\s+/g, '').slice(0, binLength))
}

// The scheme from the issuer identification number ranges, for a BIN the table lacks, so the
// portal can still show the card's logo. Order matters: narrower ranges come first.
const brandRanges: ReadonlyArray<readonly [RegExp, string]> = [
  [/^3[47]/, 'AMERICAN EXPRESS'],
  [/^(352[89]|35[3-8])/, 'JCB'],
  [/^(6011|64[4-9]|65)/, 'DISCOVER'],
  [/^62/, 'UNIONPAY'],
  [/^(5[1-5]|222[1-9]|22[3-9]|2[3-6]|27[01]|2720)/, 'MASTERCARD'],
  [/^(50|5[6-8]|6)/, 'MAESTRO'],
  [/^4/, 'VISA'],
]

export function cardBrandOf(bin: string): string | undefined {
  return brandRanges.find(([range]) => range.test(bin))?.[1]
}

/**
 * What the BIN table says about the card whose number starts with `digits` (spaces ignored).
 * Undefined when fewer than 6 digits are given. A BIN the table lacks is not valid and carries
 * only the brand its range implies.
 */
export function binInfoOf(digits: string): BinInfo | undefined {
  const bin = binOf(digits)
  if (bin === undefined) return undefined
  const isBlocked = blocked.has(bin)
  const entry = byBin.get(bin)
  if (!entry) {
    const cardBrand = cardBrandOf(bin)
    return { binNumber: bin, valid: false, blocked: isBlocked, ...(cardBrand ? { cardBrand } : {}) }
  }
  return { ...entry, valid: !isBlocked, blocked: isBlocked }
}

/**
 * The card number with all but its first 6 and last 4 digits replaced by '*', when it has 16
 * or more characters once spaces are removed; shorter text is returned as given.
 */
export function maskPan(pan: string): string {
  const digits = pan.replace(/\s+/g, '')
  if (digits.length < panMaskFromLength) return pan
  return digits.slice(0, binLength) + '*'.repeat(digits.length - 10) + digits.slice(-4)
}
