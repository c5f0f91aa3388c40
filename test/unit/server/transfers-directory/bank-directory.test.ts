// The built-in bank directory: its data is well formed (every SWIFT passes swiftCheck in its
// bank's country, every IBAN bank code makes valid IBANs that lead back to the bank) and the
// lookups find banks by SWIFT, IBAN bank code, national code and country.
import { describe, expect, it } from 'vitest'
import { bankDirectory } from '../../../../src/server/transfers/directory/bank-directory.ts'
import data from '../../../../src/server/transfers/directory/data/banks.json' with { type: 'json' }
import keyData from '../../../../src/server/transfers/directory/data/instant-keys.json' with { type: 'json' }
import { ibanCheck, ibanLengths, ibanOf } from '../../../../src/server/transfers/directory/iban.ts'
import { swiftCheck } from '../../../../src/server/transfers/directory/swift.ts'
import { bankCodeCountries } from '../../../../src/shared/transfer-types.ts'
import {
  instantKeyCheck,
  isInstantKeyType,
} from '../../../../src/server/transfers/directory/instant.ts'

/** The ABA routing number checksum: 3, 7, 1 weights over the 9 digits sum to a multiple of 10. */
function abaValid(routing: string): boolean {
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1]
  return [...routing].reduce((sum, d, i) => sum + Number(d) * (weights[i] ?? 0), 0) % 10 === 0
}

describe('the built-in bank data', () => {
  it('gives every bank a valid SWIFT of its own country, once', () => {
    const codes = new Set<string>()
    for (const bank of data.banks) {
      const check = swiftCheck(bank.swift)
      expect(check.valid, bank.swift).toBe(true)
      expect(check.countryCode, bank.swift).toBe(bank.countryCode)
      expect(bank.swift).toHaveLength(11)
      codes.add(bank.swift)
    }
    expect(codes.size).toBe(data.banks.length)
  })

  it('covers the countries the product sends to, with branch codes where EFT needs them', () => {
    const countries = new Set(data.banks.map((bank) => bank.countryCode))
    for (const code of ['BR', 'JP', 'HK', 'LK', 'US', 'GB', 'DE', 'FR', 'ES', 'PT', 'RO', 'CA']) {
      expect(countries.has(code), code).toBe(true)
    }
    for (const bank of data.banks.filter((b) => bankCodeCountries.includes(b.countryCode))) {
      expect(bank.branches?.length, bank.swift).toBeGreaterThan(0)
    }
  })

  it('gives US banks routing numbers with a valid checksum', () => {
    for (const bank of data.banks.filter((b) => b.countryCode === 'US')) {
      expect(bank.bankCode).toMatch(/^[0-9]{9}$/)
      expect(abaValid(bank.bankCode), bank.swift).toBe(true)
    }
  })

  it('gives every bank of an IBAN country an IBAN bank code that builds valid IBANs', async () => {
    for (const bank of data.banks.filter((b) => ibanLengths.has(b.countryCode))) {
      expect(bank.ibanBankCode, bank.swift).toBeDefined()
      const iban = sampleIban(bank.countryCode, bank.ibanBankCode ?? '')
      const check = ibanCheck(iban ?? '')
      expect(check, `${bank.swift} ${iban}`).toMatchObject({ valid: true })
      expect(check.bankCode).toBe(bank.ibanBankCode)
      const found = await bankDirectory().bankByIbanCode(bank.countryCode, check.bankCode ?? '')
      expect(found?.swift).toBe(bank.swift)
    }
  })

  it('registers instant keys of a valid form at instant banks', async () => {
    const instantCodes = new Set(data.banks.map((bank) => bank.instantCode).filter(Boolean))
    for (const key of keyData.keys) {
      expect(isInstantKeyType(key.instantKeyType)).toBe(true)
      if (!isInstantKeyType(key.instantKeyType)) continue
      expect(instantKeyCheck(key.instantKeyType, key.instantKey)).toEqual({
        valid: true,
        key: key.instantKey,
      })
      expect(instantKeyCheck('taxId', key.taxId).valid).toBe(true)
      expect(instantCodes.has(key.bankCode), key.instantKey).toBe(true)
    }
  })
})

describe('bankDirectory lookups', () => {
  it.each([
    ['an 8-character code', 'DEUTDEFF', 'DEUTDEFFXXX'],
    ['an 11-character primary code', 'DEUTDEFFXXX', 'DEUTDEFFXXX'],
    ['an unknown branch of a known bank', 'DEUTDEFF500', 'DEUTDEFFXXX'],
    ['a code whose primary office has a location branch', 'PSSTFRPP', 'PSSTFRPPPAR'],
  ])('finds a bank by %s', async (_name, code, swift) => {
    expect((await bankDirectory().bankBySwift(code))?.swift).toBe(swift)
  })

  it('answers undefined for a well-formed code of no bank it knows', async () => {
    expect(await bankDirectory().bankBySwift('ABCDDEFF')).toBeUndefined()
  })

  it('lists the banks of a country by name, and the instant banks', async () => {
    const names = (await bankDirectory().banksOf('JP')).map((bank) => bank.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)))
    expect(names).toContain('MUFG Bank, Ltd.')
    expect(await bankDirectory().banksOf('ZZ')).toEqual([])
    const instant = await bankDirectory().instantBanksOf('BR')
    expect(instant.map((bank) => bank.instantCode)).toContain('00360305')
    expect(await bankDirectory().instantBanksOf('DE')).toEqual([])
  })

  it('finds a bank by its national code', async () => {
    expect((await bankDirectory().bankByCode('US', '021000021'))?.swift).toBe('CHASUS33XXX')
    expect(await bankDirectory().bankByCode('US', '999999999')).toBeUndefined()
  })
})

// A registry example IBAN per country of the directory, to put a bank's code into.
const examples: Record<string, string> = {
  BR: 'BR1800360305000010009795493C1',
  CH: 'CH9300762011623852957',
  DE: 'DE89370400440532013000',
  ES: 'ES9121000418450200051332',
  FR: 'FR1420041010050500013M02606',
  GB: 'GB29NWBK60161331926819',
  IE: 'IE29AIBK93115212345678',
  IT: 'IT60X0542811101000000123456',
  NL: 'NL91ABNA0417164300',
  PT: 'PT50000201231234567890154',
  RO: 'RO49AAAA1B31007593840000',
}

/** The country's example IBAN with the bank code put in place and new check digits. */
function sampleIban(countryCode: string, bankCode: string): string | undefined {
  const example = ibanCheck(examples[countryCode] ?? '')
  if (!example.bban || !example.bankCode) return undefined
  const start = example.bban.indexOf(example.bankCode)
  const bban = example.bban.slice(0, start) + bankCode + example.bban.slice(start + bankCode.length)
  return ibanOf(countryCode, bban)
}
