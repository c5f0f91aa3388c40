// Transfer methods per country (product-spec sections 5, 6, 7 and 9).
import { describe, expect, it } from 'vitest'
import { country } from '../../../../src/server/dictionaries/country-table.ts'
import {
  countryMethods,
  defaultMethods,
  eftSchemeOf,
  methodOffered,
  sepaCountries,
} from '../../../../src/server/transfers/directory/methods.ts'
import { eftNeedsBankCode, externalTransferTypes } from '../../../../src/shared/transfer-types.ts'
import { flagFor, typeAllowed } from '../../../../src/shared/permission-flags.ts'

const typesOf = (countryCode: string): string[] =>
  countryMethods(countryCode).map((method) => method.transferType)

describe('the clearing schemes of section 9', () => {
  it('lists 46 SEPA countries, each a real country code', () => {
    expect(sepaCountries.size).toBe(46)
    for (const code of sepaCountries) expect(country(code), code).toBeDefined()
  })

  it.each([
    ['US', 'ACH', 'USD'],
    ['GB', 'FASTER_PAYMENTS', 'GBP'],
    ['DE', 'SEPA', 'EUR'],
    ['RO', 'SEPA', 'EUR'],
    ['BR', 'TED', 'BRL'],
    ['JP', 'ZENGIN', 'JPY'],
    ['CA', 'EFT', 'CAD'],
  ])('sends EFT to %s by %s in %s', (countryCode, scheme, currencyCode) => {
    expect(eftSchemeOf(countryCode)).toEqual({ scheme, currencyCodes: [currencyCode] })
  })

  it('has no EFT where no local scheme is offered', () => {
    expect(eftSchemeOf('NG')).toBeUndefined()
    expect(typesOf('NG')).toEqual(['wire', 'oct', 'crypto_eft'])
  })

  it('needs a bank code for EFT to BR, JP, HK and LK only', () => {
    for (const code of ['BR', 'JP', 'HK', 'LK', 'br']) expect(eftNeedsBankCode(code)).toBe(true)
    for (const code of ['US', 'GB', 'DE', 'CA']) expect(eftNeedsBankCode(code)).toBe(false)
  })
})

describe('countryMethods', () => {
  it('offers instant payment in Brazil and Interac in Canada only', () => {
    expect(typesOf('BR')).toEqual(['wire', 'eft', 'oct', 'crypto_eft', 'instant_payment'])
    expect(typesOf('CA')).toEqual(['wire', 'eft', 'oct', 'crypto_eft', 'interac'])
    expect(typesOf('DE')).not.toContain('interac')
    expect(typesOf('US')).not.toContain('instant_payment')
  })

  it('offers nothing to an embargoed country', () => {
    expect(countryMethods('KP')).toEqual([])
    expect(methodOffered('wire', 'IR')).toBe(false)
  })

  it('answers whether a type pays out to a country in a currency', () => {
    expect(methodOffered('eft', 'DE', 'EUR')).toBe(true)
    expect(methodOffered('eft', 'DE', 'USD')).toBe(false)
    expect(methodOffered('interac', 'CA', 'CAD')).toBe(true)
    expect(methodOffered('interac', 'US')).toBe(false)
    expect(methodOffered('crypto_eft', 'US', 'BTC')).toBe(true)
  })
})

describe('defaultMethods', () => {
  it('lists every external type once, with every currency a country offers', () => {
    const methods = defaultMethods()
    expect(methods.map((m) => m.transferType)).toEqual([...externalTransferTypes])
    const eft = methods.find((m) => m.transferType === 'eft')
    expect(eft?.currencyCodes).toEqual(expect.arrayContaining(['EUR', 'USD', 'GBP', 'BRL']))
    expect(methods.every((m) => m.countryCode === undefined)).toBe(true)
  })
})

describe('permission flags (section 6)', () => {
  it('names the own and third-party flag of each type', () => {
    expect(flagFor('wire', 'own')).toBe('Wire')
    expect(flagFor('wire', '3d')).toBe('sendMoneyWire')
    expect(flagFor('oct', 'own')).toBe('ToCard')
    expect(flagFor('oct', '3d')).toBe('sendMoneyCreditCard')
    expect(flagFor('crypto_eft', '3d')).toBe('sendCryptoEft')
    expect(flagFor('eft', 'own')).toBe('Bank')
  })

  it('allows a type when either flag is set, and none by default', () => {
    expect(typeAllowed('wire', {})).toBe(false)
    expect(typeAllowed('wire', { sendMoneyWire: true })).toBe(true)
    expect(typeAllowed('wire', { Wire: true })).toBe(true)
    expect(typeAllowed('wire', { sendMoneyEft: true, Wire: false })).toBe(false)
  })
})
