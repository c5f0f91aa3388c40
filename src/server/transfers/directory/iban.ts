// IBAN checks (ISO 13616): the per-country structure of the SWIFT IBAN registry and the mod-97
// check digits. Pure: no database, no bank directory; the lookups join the answer to banks.
// The structure tells where the national bank code and branch code sit, so a lookup can find
// the bank an IBAN belongs to (product-spec section 3, "Bank details from an IBAN lookup").

/** One country's BBAN (the part after the country code and check digits), per the registry. */
interface IbanFormat {
  /** Parts of the BBAN: a count and a kind, n digits, a capitals, c digits or capitals. */
  structure: string
  /** Where the bank code sits in the BBAN, [start, end). */
  bank: readonly [number, number]
  /** Where the branch code sits in the BBAN, for countries whose format has one. */
  branch?: readonly [number, number]
}

// prettier-ignore
const formats: Readonly<Record<string, IbanFormat>> = {
  AD: { structure: '4n4n12c', bank: [0, 4], branch: [4, 8] },
  AE: { structure: '3n16n', bank: [0, 3] },
  AL: { structure: '8n16c', bank: [0, 3], branch: [3, 7] },
  AT: { structure: '5n11n', bank: [0, 5] },
  AZ: { structure: '4a20c', bank: [0, 4] },
  BA: { structure: '3n3n8n2n', bank: [0, 3], branch: [3, 6] },
  BE: { structure: '3n7n2n', bank: [0, 3] },
  BG: { structure: '4a4n2n8c', bank: [0, 4], branch: [4, 8] },
  BH: { structure: '4a14c', bank: [0, 4] },
  BI: { structure: '5n5n11n2n', bank: [0, 5], branch: [5, 10] },
  BR: { structure: '8n5n10n1a1c', bank: [0, 8], branch: [8, 13] },
  BY: { structure: '4c4n16c', bank: [0, 4] },
  CH: { structure: '5n12c', bank: [0, 5] },
  CR: { structure: '4n14n', bank: [0, 4] },
  CY: { structure: '3n5n16c', bank: [0, 3], branch: [3, 8] },
  CZ: { structure: '4n6n10n', bank: [0, 4] },
  DE: { structure: '8n10n', bank: [0, 8] },
  DJ: { structure: '5n5n11n2n', bank: [0, 5], branch: [5, 10] },
  DK: { structure: '4n9n1n', bank: [0, 4] },
  DO: { structure: '4c20n', bank: [0, 4] },
  EE: { structure: '2n2n11n1n', bank: [0, 2] },
  EG: { structure: '4n4n17n', bank: [0, 4], branch: [4, 8] },
  ES: { structure: '4n4n1n1n10n', bank: [0, 4], branch: [4, 8] },
  FI: { structure: '3n11n', bank: [0, 3] },
  FK: { structure: '2a12n', bank: [0, 2] },
  FO: { structure: '4n9n1n', bank: [0, 4] },
  FR: { structure: '5n5n11c2n', bank: [0, 5], branch: [5, 10] },
  GB: { structure: '4a6n8n', bank: [0, 4], branch: [4, 10] },
  GE: { structure: '2a16n', bank: [0, 2] },
  GI: { structure: '4a15c', bank: [0, 4] },
  GL: { structure: '4n9n1n', bank: [0, 4] },
  GR: { structure: '3n4n16c', bank: [0, 3], branch: [3, 7] },
  GT: { structure: '4c20c', bank: [0, 4] },
  HR: { structure: '7n10n', bank: [0, 7] },
  HU: { structure: '3n4n1n15n1n', bank: [0, 3], branch: [3, 7] },
  IE: { structure: '4a6n8n', bank: [0, 4], branch: [4, 10] },
  IL: { structure: '3n3n13n', bank: [0, 3], branch: [3, 6] },
  IQ: { structure: '4a3n12n', bank: [0, 4], branch: [4, 7] },
  IS: { structure: '4n2n6n10n', bank: [0, 2], branch: [2, 4] },
  IT: { structure: '1a5n5n12c', bank: [1, 6], branch: [6, 11] },
  JO: { structure: '4a4n18c', bank: [0, 4], branch: [4, 8] },
  KW: { structure: '4a22c', bank: [0, 4] },
  KZ: { structure: '3n13c', bank: [0, 3] },
  LB: { structure: '4n20c', bank: [0, 4] },
  LC: { structure: '4a24c', bank: [0, 4] },
  LI: { structure: '5n12c', bank: [0, 5] },
  LT: { structure: '5n11n', bank: [0, 5] },
  LU: { structure: '3n13c', bank: [0, 3] },
  LV: { structure: '4a13c', bank: [0, 4] },
  LY: { structure: '3n3n15n', bank: [0, 3], branch: [3, 6] },
  MC: { structure: '5n5n11c2n', bank: [0, 5], branch: [5, 10] },
  MD: { structure: '2c18c', bank: [0, 2] },
  ME: { structure: '3n13n2n', bank: [0, 3] },
  MK: { structure: '3n10c2n', bank: [0, 3] },
  MN: { structure: '4n12n', bank: [0, 4] },
  MR: { structure: '5n5n11n2n', bank: [0, 5], branch: [5, 10] },
  MT: { structure: '4a5n18c', bank: [0, 4], branch: [4, 9] },
  MU: { structure: '4a2n2n12n3n3a', bank: [0, 6], branch: [6, 8] },
  NI: { structure: '4a20n', bank: [0, 4] },
  NL: { structure: '4a10n', bank: [0, 4] },
  NO: { structure: '4n6n1n', bank: [0, 4] },
  OM: { structure: '3n16c', bank: [0, 3] },
  PK: { structure: '4a16c', bank: [0, 4] },
  PL: { structure: '8n16n', bank: [0, 3], branch: [3, 7] },
  PS: { structure: '4a21c', bank: [0, 4] },
  PT: { structure: '4n4n11n2n', bank: [0, 4], branch: [4, 8] },
  QA: { structure: '4a21c', bank: [0, 4] },
  RO: { structure: '4a16c', bank: [0, 4] },
  RS: { structure: '3n13n2n', bank: [0, 3] },
  RU: { structure: '9n5n15c', bank: [0, 9], branch: [9, 14] },
  SA: { structure: '2n18c', bank: [0, 2] },
  SC: { structure: '4a2n2n16n3a', bank: [0, 6], branch: [6, 8] },
  SD: { structure: '2n12n', bank: [0, 2] },
  SE: { structure: '3n16n1n', bank: [0, 3] },
  SI: { structure: '5n8n2n', bank: [0, 5] },
  SK: { structure: '4n6n10n', bank: [0, 4] },
  SM: { structure: '1a5n5n12c', bank: [1, 6], branch: [6, 11] },
  SO: { structure: '4n3n12n', bank: [0, 4], branch: [4, 7] },
  ST: { structure: '4n4n11n2n', bank: [0, 4], branch: [4, 8] },
  SV: { structure: '4a20n', bank: [0, 4] },
  TL: { structure: '3n14n2n', bank: [0, 3] },
  TN: { structure: '2n3n13n2n', bank: [0, 2], branch: [2, 5] },
  TR: { structure: '5n1n16c', bank: [0, 5] },
  UA: { structure: '6n19c', bank: [0, 6] },
  VA: { structure: '3n15n', bank: [0, 3] },
  VG: { structure: '4a16n', bank: [0, 4] },
  XK: { structure: '4n10n2n', bank: [0, 2], branch: [2, 4] },
  YE: { structure: '4a4n18c', bank: [0, 4], branch: [4, 8] },
}

const kindPattern: Readonly<Record<string, string>> = { n: '[0-9]', a: '[A-Z]', c: '[A-Z0-9]' }

interface CompiledFormat extends IbanFormat {
  length: number
  bbanPattern: RegExp
}

function compile(format: IbanFormat): CompiledFormat {
  let bbanLength = 0
  let pattern = ''
  for (const [, count, kind] of format.structure.matchAll(/(\d+)([nac])/g)) {
    bbanLength += Number(count)
    pattern += `${kindPattern[kind as string]}{${count}}`
  }
  return { ...format, length: 4 + bbanLength, bbanPattern: new RegExp(`^${pattern}$`) }
}

const compiled: ReadonlyMap<string, CompiledFormat> = new Map(
  Object.entries(formats).map(([country, format]) => [country, compile(format)]),
)

/** The countries that issue IBANs, each with its IBAN length. */
export const ibanLengths: ReadonlyMap<string, number> = new Map(
  [...compiled].map(([country, format]) => [country, format.length]),
)

export type IbanProblem =
  'empty' | 'characters' | 'country' | 'length' | 'structure' | 'checkDigits'

export interface IbanCheck {
  /** The IBAN without spaces, in capitals. */
  iban: string
  valid: boolean
  /** Why it is not valid; absent when valid. */
  problem?: IbanProblem
  /** The country code of the first two characters, when they name an IBAN country. */
  countryCode?: string
  /** The national bank code, when the IBAN is valid. */
  bankCode?: string
  /** The branch code, when the IBAN is valid and the country's format has one. */
  branchCode?: string
  /** The BBAN (national account identifier), when the IBAN is valid. */
  bban?: string
}

/** The ISO 7064 mod 97-10 remainder of an IBAN rearranged with its first four characters last. */
export function ibanRemainder(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4)
  let remainder = 0
  for (const character of rearranged) {
    const code = character.charCodeAt(0)
    // Letters count as two digits, A = 10 ... Z = 35.
    const value = code >= 65 ? code - 55 : code - 48
    remainder = (remainder * (value >= 10 ? 100 : 10) + value) % 97
  }
  return remainder
}

/** Whether an IBAN is well formed for its country and its check digits are right. */
export function ibanCheck(text: string): IbanCheck {
  const iban = text.replace(/\s+/g, '').toUpperCase()
  if (iban === '') return { iban, valid: false, problem: 'empty' }
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]+$/.test(iban)) {
    return { iban, valid: false, problem: 'characters' }
  }
  const countryCode = iban.slice(0, 2)
  const format = compiled.get(countryCode)
  if (!format) return { iban, valid: false, problem: 'country' }
  if (iban.length !== format.length) return { iban, valid: false, problem: 'length', countryCode }
  const bban = iban.slice(4)
  if (!format.bbanPattern.test(bban)) {
    return { iban, valid: false, problem: 'structure', countryCode }
  }
  if (ibanRemainder(iban) !== 1) return { iban, valid: false, problem: 'checkDigits', countryCode }
  return {
    iban,
    valid: true,
    countryCode,
    bban,
    bankCode: bban.slice(...format.bank),
    ...(format.branch ? { branchCode: bban.slice(...format.branch) } : {}),
  }
}

/** The IBAN of a country and BBAN with its check digits computed, or undefined if malformed. */
export function ibanOf(countryCode: string, bban: string): string | undefined {
  const format = compiled.get(countryCode)
  if (!format || !format.bbanPattern.test(bban)) return undefined
  const checkDigits = 98 - ibanRemainder(`${countryCode}00${bban}`)
  return `${countryCode}${String(checkDigits).padStart(2, '0')}${bban}`
}

/** The IBAN in its print form: capitals in groups of four separated by single spaces. */
export function formatIban(text: string): string {
  const iban = text.replace(/\s+/g, '').toUpperCase()
  return iban.replace(/(.{4})(?=.)/g, '$1 ')
}
