// Money as bigint minor units with strings on the wire, and the display rule of product-spec
// section 9 (DESIGN.md section 6).
import { describe, expect, it } from 'vitest'
import { formatAmount, formatMoney, fromMinor, toMinor } from '../../../src/shared/money.ts'

describe('formatAmount', () => {
  const cases: [string, { given: string | number | bigint; want: string }][] = [
    ['pads one decimal to two', { given: '12.5', want: '12.50' }],
    ['a small number is not shown in exponent form', { given: 1e-7, want: '0.0000001' }],
    ['rounds to 8 decimals', { given: '0.123456789', want: '0.12345679' }],
    ['adds decimals to a whole amount', { given: '1000', want: '1000.00' }],
    ['a negative that rounds to zero loses its sign', { given: '-0.000000001', want: '0.00' }],
    ['rounds a half up, away from zero', { given: '0.000000005', want: '0.00000001' }],
    ['rounds a negative half down, away from zero', { given: '-0.000000005', want: '-0.00000001' }],
    ['rounds below a half towards zero', { given: '0.000000004999', want: '0.00' }],
    ['carries a rounding into the whole part', { given: '1.999999999', want: '2.00' }],
    ['carries across every digit', { given: '99999999.999999995', want: '100000000.00' }],
    ['keeps significant decimals past two', { given: '-12.345', want: '-12.345' }],
    ['trims trailing zeros past two', { given: '12.34567890', want: '12.3456789' }],
    [
      'keeps digits a float would lose',
      { given: '12345678901234567890.1', want: '12345678901234567890.10' },
    ],
    ['trims surrounding spaces', { given: '  7 ', want: '7.00' }],
    ['formats a bigint', { given: 5n, want: '5.00' }],
    ['formats a float by its shortest decimal text', { given: 0.1 + 0.2, want: '0.30' }],
    ['passes text that is not an amount through', { given: 'n/a', want: 'n/a' }],
  ]
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(formatAmount(given)).toBe(want)
  })
})

describe('toMinor', () => {
  const cases: [string, { given: [string, number]; want: bigint }][] = [
    ['two decimals', { given: ['12.34', 2], want: 1234n }],
    ['a negative fraction', { given: ['-0.5', 2], want: -50n }],
    ['a whole amount', { given: ['12', 2], want: 1200n }],
    ['trailing zeros past the scale are not extra decimals', { given: ['12.340', 2], want: 1234n }],
    ['scale 0', { given: ['1', 0], want: 1n }],
    ['scale 8', { given: ['0.00000001', 8], want: 1n }],
    ['beyond a float', { given: ['92233720368547758.07', 2], want: 9223372036854775807n }],
  ]
  it.each(cases)('parses %s', (_name, { given, want }) => {
    expect(toMinor(...given)).toBe(want)
  })

  const refusals: [string, { given: [string, number]; want: RegExp }][] = [
    ['a third decimal at scale 2', { given: ['12.345', 2], want: /more than 2 decimals/ }],
    ['any decimal at scale 0', { given: ['1.5', 0], want: /more than 0 decimals/ }],
    ['a ninth decimal at scale 8', { given: ['0.000000001', 8], want: /more than 8 decimals/ }],
    ['words', { given: ['abc', 2], want: /not a decimal amount/ }],
    ['exponent notation', { given: ['1e3', 2], want: /not a decimal amount/ }],
    ['an empty string', { given: ['', 2], want: /not a decimal amount/ }],
    ['a dangling point', { given: ['1.', 2], want: /not a decimal amount/ }],
    ['a leading point', { given: ['.5', 2], want: /not a decimal amount/ }],
    ['a plus sign', { given: ['+1', 2], want: /not a decimal amount/ }],
  ]
  it.each(refusals)('refuses %s rather than rounding', (_name, { given, want }) => {
    expect(() => toMinor(...given)).toThrow(RangeError)
    expect(() => toMinor(...given)).toThrow(want)
  })
})

describe('fromMinor', () => {
  const cases: [string, { given: [bigint, number]; want: string }][] = [
    ['two decimals', { given: [1234n, 2], want: '12.34' }],
    ['a negative below one', { given: [-5n, 2], want: '-0.05' }],
    ['zero', { given: [0n, 2], want: '0.00' }],
    ['scale 0 has no point', { given: [7n, 0], want: '7' }],
    ['scale 8', { given: [1n, 8], want: '0.00000001' }],
  ]
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(fromMinor(...given)).toBe(want)
  })
})

describe('toMinor and fromMinor', () => {
  const cases: [string, { given: [string, number] }][] = [
    ['cents', { given: ['1250.75', 2] }],
    ['a negative amount', { given: ['-25.00', 2] }],
    ['yen', { given: ['1000', 0] }],
    ['dinars with three decimals', { given: ['0.125', 3] }],
    ['satoshis', { given: ['21000000.00000001', 8] }],
    ['more than a float holds', { given: ['12345678901234567890.12', 2] }],
  ]
  it.each(cases)('round-trip %s', (_name, { given: [amount, scale] }) => {
    expect(fromMinor(toMinor(amount, scale), scale)).toBe(amount)
  })
})

describe('formatMoney: an amount as the reader’s language writes it (issue 16 item 3)', () => {
  it('groups thousands and places the symbol by locale', () => {
    expect(formatMoney('15400', 'USD', 'en')).toBe('$15,400.00')
    expect(formatMoney('1232.15', 'USD', 'ru')).toBe('1\u00a0232,15\u00a0$')
    expect(formatMoney('1232.15', 'EUR', 'ua')).toBe('1\u00a0232,15\u00a0EUR')
    expect(formatMoney('1000000', 'USD', 'pt')).toBe('US$\u00a01.000.000,00')
    expect(formatMoney('-2.3', 'EUR', 'ro')).toBe('-2,30\u00a0EUR')
  })

  it('keeps the display rule: half away from zero at 8 decimals, at least 2', () => {
    expect(formatMoney('0.123456785', 'BTC', 'en')).toBe('BTC\u00a00.12345679')
    expect(formatMoney('99999999999999.99', 'USD', 'en')).toBe('$99,999,999,999,999.99')
    expect(formatMoney(5, 'USD', 'en')).toBe('$5.00')
  })

  it('puts a code Intl does not know as a currency after the number', () => {
    expect(formatMoney('1500.5', 'USDT', 'es')).toBe('1500,50 USDT')
    expect(formatMoney('1500.5', undefined, 'en')).toBe('1,500.50')
    expect(formatMoney('not a number', 'USD', 'en')).toBe('not a number USD')
  })
})
