// SWIFT/BIC checks (ISO 9362): 4 letters of bank (institution) code, an ISO 3166 country, 2
// characters of location and an optional 3-character branch. Pure: the SWIFT lookup joins a
// valid code to the bank directory (product-spec section 3, "Bank details from a SWIFT lookup").
import { country } from '../../dictionaries/country-table.ts'

export type SwiftProblem = 'empty' | 'length' | 'characters' | 'country' | 'location' | 'branch'

export interface SwiftCheck {
  /** The code without spaces, in capitals. */
  code: string
  valid: boolean
  /** Why it is not valid; absent when valid. */
  problem?: SwiftProblem
  bankCode?: string
  countryCode?: string
  locationCode?: string
  /** The branch code; 'XXX' (the primary office) when the code has 8 characters. */
  branchCode?: string
  /** The 8-character code of the institution's primary office. */
  primaryCode?: string
  /** A location whose second character is 0 marks a test and training code, not live. */
  isTestCode?: boolean
}

/** Whether a SWIFT/BIC code is well formed and names a real country. */
export function swiftCheck(text: string): SwiftCheck {
  const code = text.replace(/\s+/g, '').toUpperCase()
  if (code === '') return { code, valid: false, problem: 'empty' }
  if (code.length !== 8 && code.length !== 11) return { code, valid: false, problem: 'length' }
  const parts = /^([A-Z]{4})([A-Z]{2})([A-Z0-9]{2})([A-Z0-9]{3})?$/.exec(code)
  if (!parts) return { code, valid: false, problem: 'characters' }
  const [, bankCode = '', countryCode = '', locationCode = '', branch] = parts
  if (!country(countryCode)) return { code, valid: false, problem: 'country' }
  // ISO 9362 keeps 0 and 1 out of the first location character (they would read as the
  // reserved test and passive markers of the second character).
  if (/^[01]/.test(locationCode)) return { code, valid: false, problem: 'location' }
  // A branch starting with X is reserved for XXX, the primary office.
  if (branch !== undefined && branch.startsWith('X') && branch !== 'XXX') {
    return { code, valid: false, problem: 'branch' }
  }
  return {
    code,
    valid: true,
    bankCode,
    countryCode,
    locationCode,
    branchCode: branch ?? 'XXX',
    primaryCode: code.slice(0, 8),
    isTestCode: locationCode.endsWith('0'),
  }
}
