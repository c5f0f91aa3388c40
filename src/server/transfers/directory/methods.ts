// The ways money leaves the bank, per destination country (product-spec section 7, "Available
// transfer methods"), and the clearing schemes of section 9: SEPA (about 46 countries), ACH for
// US, faster payments for GB. The types, the flags that allow each (section 6) and the
// countries whose EFT needs bank and branch codes (section 5) are shared with the portal:
// src/shared/transfer-types.ts and src/shared/permission-flags.ts.
import { currency } from '../../dictionaries/currency-table.ts'
import type { ExternalTransferType } from '../../../shared/transfer-types.ts'

/**
 * The SEPA scheme's 46 countries and territories: the 27 EU states; Iceland, Liechtenstein and
 * Norway; Andorra, Monaco, San Marino, Switzerland, the United Kingdom and Vatican City; Aland,
 * Gibraltar and the French overseas departments and collectivities that take part on their own
 * country codes (French Guiana, Guadeloupe, Martinique, Mayotte, Reunion, Saint Barthelemy,
 * Saint Martin, Saint Pierre and Miquelon).
 */
// prettier-ignore
export const sepaCountries: ReadonlySet<string> = new Set([
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT',
  'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
  'IS', 'LI', 'NO',
  'AD', 'MC', 'SM', 'CH', 'GB', 'VA',
  'AX', 'GI', 'GF', 'GP', 'MQ', 'YT', 'RE', 'BL', 'MF', 'PM',
])

interface Scheme {
  scheme: string
  currencyCodes: readonly string[]
}

/**
 * Domestic EFT schemes. They come before SEPA, so the United Kingdom answers faster payments
 * in GBP (section 9) though it is a SEPA country too.
 */
const domesticEft: Readonly<Record<string, Scheme>> = {
  US: { scheme: 'ACH', currencyCodes: ['USD'] },
  GB: { scheme: 'FASTER_PAYMENTS', currencyCodes: ['GBP'] },
  CA: { scheme: 'EFT', currencyCodes: ['CAD'] },
  AU: { scheme: 'BECS', currencyCodes: ['AUD'] },
  BR: { scheme: 'TED', currencyCodes: ['BRL'] },
  JP: { scheme: 'ZENGIN', currencyCodes: ['JPY'] },
  HK: { scheme: 'CHATS', currencyCodes: ['HKD'] },
  LK: { scheme: 'SLIPS', currencyCodes: ['LKR'] },
  MX: { scheme: 'SPEI', currencyCodes: ['MXN'] },
  IN: { scheme: 'NEFT', currencyCodes: ['INR'] },
}

/** The EFT scheme of a country, or undefined where no local transfer is offered. */
export function eftSchemeOf(countryCode: string): Scheme | undefined {
  const domestic = domesticEft[countryCode]
  if (domestic) return domestic
  return sepaCountries.has(countryCode) ? { scheme: 'SEPA', currencyCodes: ['EUR'] } : undefined
}

/** Instant payment schemes keyed by instant keys (see instant.ts for keys and banks). */
const instantSchemes: Readonly<Record<string, Scheme>> = {
  BR: { scheme: 'PIX', currencyCodes: ['BRL'] },
}

/**
 * Countries under comprehensive embargo: no method pays out there. The list is the
 * compliance policy's, not the product spec's (docs/decisions.md, "Transfer directory").
 */
export const embargoedCountries: ReadonlySet<string> = new Set(['CU', 'IR', 'KP', 'SY'])

const wireCurrencies = ['USD', 'EUR', 'GBP', 'CHF', 'CAD', 'AUD', 'JPY'] as const
const cardCurrencies = ['USD', 'EUR', 'GBP'] as const
export const cryptoCurrencies = ['BTC', 'ETH', 'USDT', 'USDC', 'LTC'] as const

/** A currency of the dictionary or one of the crypto currencies crypto transfers send. */
export function knownCurrency(code: string): boolean {
  return currency(code) !== undefined || (cryptoCurrencies as readonly string[]).includes(code)
}

const methodNames: Readonly<Record<ExternalTransferType, string>> = {
  wire: 'International wire (SWIFT)',
  eft: 'Local bank transfer',
  oct: 'Transfer to a card',
  crypto_eft: 'Crypto transfer',
  instant_payment: 'Instant payment',
  interac: 'Interac e-Transfer',
}

export interface TransferMethod {
  transferType: ExternalTransferType
  name: string
  countryCode?: string
  currencyCodes: string[]
  scheme?: string
}

function method(
  transferType: ExternalTransferType,
  currencyCodes: readonly string[],
  extra: { countryCode?: string; scheme?: string } = {},
): TransferMethod {
  return {
    transferType,
    name: methodNames[transferType],
    currencyCodes: [...currencyCodes],
    ...extra,
  }
}

/** The methods for sending to a country, in the order the portal offers them. */
export function countryMethods(countryCode: string): TransferMethod[] {
  if (embargoedCountries.has(countryCode)) return []
  const methods = [method('wire', wireCurrencies, { countryCode, scheme: 'SWIFT' })]
  const eft = eftSchemeOf(countryCode)
  if (eft) methods.push(method('eft', eft.currencyCodes, { countryCode, scheme: eft.scheme }))
  methods.push(method('oct', cardCurrencies, { countryCode }))
  methods.push(method('crypto_eft', cryptoCurrencies, { countryCode }))
  const instant = instantSchemes[countryCode]
  if (instant) {
    methods.push(
      method('instant_payment', instant.currencyCodes, { countryCode, scheme: instant.scheme }),
    )
  }
  if (countryCode === 'CA') methods.push(method('interac', ['CAD'], { countryCode }))
  return methods
}

/** The methods offered before a country is chosen: every type, with all its currencies. */
export function defaultMethods(): TransferMethod[] {
  const eftCurrencies = new Set([
    'EUR',
    ...Object.values(domesticEft).flatMap((s) => s.currencyCodes),
  ])
  return [
    method('wire', wireCurrencies, { scheme: 'SWIFT' }),
    method('eft', [...eftCurrencies].sort()),
    method('oct', cardCurrencies),
    method('crypto_eft', cryptoCurrencies),
    method(
      'instant_payment',
      Object.values(instantSchemes).flatMap((s) => s.currencyCodes),
    ),
    method('interac', ['CAD']),
  ]
}

/** Whether a type may send to a country in a currency (for the submits to check). */
export function methodOffered(
  type: ExternalTransferType,
  countryCode: string,
  currencyCode?: string,
): boolean {
  return countryMethods(countryCode).some(
    (m) =>
      m.transferType === type &&
      (currencyCode === undefined || m.currencyCodes.includes(currencyCode)),
  )
}
