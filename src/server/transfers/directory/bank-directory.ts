// The bank directory: which bank a SWIFT/BIC code or an IBAN's bank code names, the banks and
// branches of a country, the instant-payment banks and the registered instant keys. The lookups
// (swiftLookup, ibanLookup, bankList, branchCodeList, instantBankList, instantKeyInfoGet) ask it
// through this interface; the built-in directory answers from data/*.json and needs no outside
// service. A deployment with a directory provider implements BankDirectory for it and returns
// it from bankDirectory() (docs/decisions.md, "Transfer directory").
import bankData from './data/banks.json' with { type: 'json' }
import instantKeyData from './data/instant-keys.json' with { type: 'json' }

export interface Branch {
  code: string
  name: string
  city?: string
}

export interface Bank {
  /** The 11-character SWIFT/BIC of the bank's primary office. */
  swift: string
  name: string
  address: string
  city: string
  zipCode: string
  countryCode: string
  /** The national code a local (EFT) transfer names the bank by: routing number, BLZ... */
  bankCode: string
  /** The bank code as it sits in the country's IBANs, where the country issues IBANs. */
  ibanBankCode?: string
  branches?: Branch[]
  /** The bank's code in the country's instant scheme (ISPB for Brazil's PIX). */
  instantCode?: string
}

export interface RegisteredInstantKey {
  instantKey: string
  instantKeyType: string
  taxId: string
  beneficiaryName: string
  /** The instant code of the bank holding the account. */
  bankCode: string
  branchCode: string
  accountNumber: string
  accountType: string
  countryCode: string
}

export interface BankDirectory {
  /** Names the source (for logs and the decisions document). */
  readonly name: string
  /** The bank of a SWIFT/BIC (8 or 11 characters, well formed); a branch code falls back to XXX. */
  bankBySwift(code: string): Promise<Bank | undefined>
  /** The bank an IBAN's bank code names in a country. */
  bankByIbanCode(countryCode: string, ibanBankCode: string): Promise<Bank | undefined>
  /** The bank a national bank code names in a country. */
  bankByCode(countryCode: string, bankCode: string): Promise<Bank | undefined>
  /** The banks of a country, by name. */
  banksOf(countryCode: string): Promise<Bank[]>
  /** The banks of a country reachable by its instant scheme, by name. */
  instantBanksOf(countryCode: string): Promise<Bank[]>
  /** The owner and account an instant key (in the scheme's stored form) leads to. */
  instantKey(type: string, key: string): Promise<RegisteredInstantKey | undefined>
}

/** A directory over an in-memory list of banks and keys (the built-in data, or a test's). */
export function staticBankDirectory(
  name: string,
  banks: readonly Bank[],
  keys: readonly RegisteredInstantKey[],
): BankDirectory {
  const bySwift = new Map(banks.map((bank) => [bank.swift, bank]))
  const byName = (a: Bank, b: Bank): number => a.name.localeCompare(b.name)
  const inCountry = (countryCode: string): Bank[] =>
    banks.filter((bank) => bank.countryCode === countryCode).sort(byName)
  return {
    name,
    async bankBySwift(code) {
      const full = code.length === 8 ? `${code}XXX` : code
      return bySwift.get(full) ?? bySwift.get(`${code.slice(0, 8)}XXX`) ?? primaryOf(code)
    },
    async bankByIbanCode(countryCode, ibanBankCode) {
      return banks.find((b) => b.countryCode === countryCode && b.ibanBankCode === ibanBankCode)
    },
    async bankByCode(countryCode, bankCode) {
      return banks.find((b) => b.countryCode === countryCode && b.bankCode === bankCode)
    },
    async banksOf(countryCode) {
      return inCountry(countryCode)
    },
    async instantBanksOf(countryCode) {
      return inCountry(countryCode).filter((bank) => bank.instantCode !== undefined)
    },
    async instantKey(type, key) {
      return keys.find((entry) => entry.instantKeyType === type && entry.instantKey === key)
    },
  }

  // A primary office whose own code ends in a location-specific branch (e.g. PSSTFRPPPAR)
  // answers for every code of its institution.
  function primaryOf(code: string): Bank | undefined {
    return banks.find((bank) => bank.swift.slice(0, 8) === code.slice(0, 8))
  }
}

const builtIn = staticBankDirectory('built-in', bankData.banks, instantKeyData.keys)

/** The directory the lookups use. */
export function bankDirectory(): BankDirectory {
  return builtIn
}
