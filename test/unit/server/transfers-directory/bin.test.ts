// BIN lookups (product-spec sections 5 and 9): the first 6 digits without spaces, the BIN
// table's answer, the blocked list, and PAN masking from 16 characters.
import { describe, expect, it } from 'vitest'
import bins from '../../../../src/server/transfers/directory/data/bins.json' with { type: 'json' }
import {
  binInfoOf,
  binOf,
  blockedBinList,
  cardBrandOf,
  isBinBlocked,
  maskPan,
} from '../../../../src/server/transfers/directory/bin.ts'

describe('binInfoOf', () => {
  it('reads the first 6 digits of a card number written with spaces', () => {
    expect(binOf('4147 2012 3456 7890')).toBe('414720')
    expect(binInfoOf('4147 2012 3456 7890')).toMatchObject({
      binNumber: '414720',
      issuer: 'Lakeshore National Bank',
      cardBrand: 'VISA',
      cardType: 'CREDIT',
      countryCode: 'US',
      currencyCode: 'USD',
      isCommercial: false,
      isPrepaid: false,
      valid: true,
      blocked: false,
    })
  })

  it('answers undefined for fewer than 6 digits, or letters among them', () => {
    expect(binInfoOf('41472')).toBeUndefined()
    expect(binInfoOf('4147 2')).toBeUndefined()
    expect(binInfoOf('41A720')).toBeUndefined()
  })

  it('marks a BIN the table lacks invalid, with the brand its range implies', () => {
    expect(binInfoOf('411111')).toEqual({
      binNumber: '411111',
      valid: false,
      blocked: false,
      cardBrand: 'VISA',
    })
    expect(binInfoOf('999999')).toEqual({ binNumber: '999999', valid: false, blocked: false })
  })

  it('marks a blocked BIN invalid though the table knows it', () => {
    expect(binInfoOf('533317000000')).toMatchObject({ issuer: expect.any(String), valid: false })
    expect(binInfoOf('533317')?.blocked).toBe(true)
  })

  it('holds a table whose brands agree with the card ranges', () => {
    for (const entry of bins) {
      const brand = cardBrandOf(entry.binNumber)
      // Domestic Brazilian schemes (Elo, Hipercard) sit inside other ranges.
      if (entry.countryCode === 'BR' && entry.cardBrand !== 'VISA') continue
      expect(brand, entry.binNumber).toBe(entry.cardBrand)
      expect(entry.isPrepaid, entry.binNumber).toBe(entry.cardType === 'PREPAID')
    }
  })
})

describe('the blocked-BIN list', () => {
  it('lists 6-digit BINs in order and answers isBinBlocked for a card number', () => {
    const list = blockedBinList()
    expect(list.length).toBeGreaterThan(0)
    expect(list).toEqual([...list].sort())
    for (const bin of list) expect(bin).toMatch(/^[0-9]{6}$/)
    expect(isBinBlocked('5333 1712 3456 7890')).toBe(true)
    expect(isBinBlocked('4147201234567890')).toBe(false)
  })
})

describe('maskPan', () => {
  it.each([
    ['16 digits', '4147201234567890', '414720******7890'],
    ['19 digits', '6011000990139424123', '601100*********4123'],
    ['16 digits with spaces', '4147 2012 3456 7890', '414720******7890'],
    ['15 digits (left as given)', '371449635398431', '371449635398431'],
    ['a short reference', '1234', '1234'],
  ])('masks %s', (_name, given, want) => {
    expect(maskPan(given)).toBe(want)
  })
})
