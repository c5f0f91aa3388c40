// Where an external transfer goes, checked per kind before any money moves (product-spec
// sections 5, 7 and 9): wire needs a valid IBAN (check digits) or an account number, and a
// valid SWIFT code, both of the beneficiary's country; EFT needs bank and branch codes in BR,
// JP, HK and LK; a card (OCT) is a new number whose BIN is not blocked or a saved card, kept
// and shown masked from 16 digits; crypto goes to a wallet of a listed currency; an instant
// payment resolves its key; Interac is CAD to an e-mail. Every refusal names its field.
import { createHmac } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { externalCards, type SavedDetails } from '../db/schema-payees.ts'
import { refusal, type FieldError } from '../rpc/outcome.ts'
import { sealingKey } from '../secrets/sealed-secret.ts'
import type { AccountRow } from '../accounts/account-view.ts'
import { ibanCheck } from './directory/iban.ts'
import { swiftCheck } from './directory/swift.ts'
import { binInfoOf, binOf, isBinBlocked, maskPan } from './directory/bin.ts'
import { cryptoCurrencies, methodOffered } from './directory/methods.ts'
import { eftNeedsBankCode } from '../../shared/transfer-types.ts'
import { instantKeyCheck, isInstantKeyType } from './directory/instant.ts'
import { bankDirectory } from './directory/bank-directory.ts'
import type { ExternalTransferType } from '../../shared/transfer-types.ts'
import { countryTargetError } from './external-fee-targets.ts'
import { isFieldError } from './transfer-quotes.ts'

/** The fields of the six submit requests, once the spec's validator has passed them. */
export type ExternalRequest = Record<string, unknown> & {
  accountId: number
  amount: string
  permission: 'own' | '3d'
  idempotencyKey: string
  templateName?: string
  note?: string
}

/** A card seen for the first time, saved (masked) with the order. */
export interface NewCard {
  maskedCardNumber: string
  binNumber: string
  fingerprint: string
  cardHolderName: string
  cardBrand?: string
  countryCode?: string
}

export interface ExternalDestination {
  /** The request field a refusal about the payee names. */
  field: string
  beneficiaryName: string
  countryCode?: string
  /** What the beneficiary receives; the amount of the request is in this currency. */
  payoutCurrency: string
  toEmail?: string
  /** The text that tells payees apart and is shown in lists (card numbers masked). */
  destination: string
  /** The destination fields by request field name, as saved with templates and payees. */
  details: SavedDetails
  newCard?: NewCard
}

type Resolved = ExternalDestination | FieldError

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

/** Only the fields given, so that saved details carry no empty keys. */
function present(fields: Record<string, unknown>): SavedDetails {
  const out: SavedDetails = {}
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string' && value !== '') out[key] = value
    else if (typeof value === 'number') out[key] = value
  }
  return out
}

export async function destinationOf(
  db: Db,
  customerId: number,
  kind: ExternalTransferType,
  input: ExternalRequest,
  from: AccountRow,
): Promise<Resolved> {
  switch (kind) {
    case 'wire':
      return wireDestination(input)
    case 'eft':
      return eftDestination(input)
    case 'oct':
      return cardDestination(db, customerId, input)
    case 'crypto_eft':
      return cryptoDestination(input, from)
    case 'instant_payment':
      return instantDestination(input)
    case 'interac':
      return interacDestination(input)
  }
}

function wireDestination(input: ExternalRequest): Resolved {
  const countryCode = str(input.countryCode)!
  const currency = str(input.currencyCode)!
  const unpaid = countryTargetError('wire', countryCode, currency)
  if (unpaid) return unpaid
  const iban = str(input.iban)
  if (iban !== undefined) {
    const checked = ibanCheck(iban)
    if (!checked.valid) {
      return { parameter: 'iban', text: { key: `refusal.transfers.iban.${checked.problem!}` } }
    }
    if (checked.countryCode !== countryCode) {
      return {
        parameter: 'iban',
        text: { key: 'refusal.transfers.ibanOfCountry', params: { country: countryCode } },
      }
    }
  }
  const swift = swiftCheck(str(input.swift)!)
  if (!swift.valid) {
    return { parameter: 'swift', text: { key: `refusal.transfers.swift.${swift.problem!}` } }
  }
  if (swift.countryCode !== countryCode) {
    return {
      parameter: 'swift',
      text: { key: 'refusal.transfers.swiftOfCountry', params: { country: countryCode } },
    }
  }
  const account = iban ?? str(input.accountNumber)!
  return {
    field: iban !== undefined ? 'iban' : 'accountNumber',
    beneficiaryName: str(input.beneficiaryName)!,
    countryCode,
    payoutCurrency: currency,
    destination: account,
    details: present({
      iban,
      accountNumber: input.accountNumber,
      swift: swift.code,
      bankName: input.bankName,
      bankAddress: input.bankAddress,
      beneficiaryAddress: input.beneficiaryAddress,
      reference: input.reference,
    }),
  }
}

function eftDestination(input: ExternalRequest): Resolved {
  const countryCode = str(input.countryCode)!
  const currency = str(input.currencyCode)!
  if (eftNeedsBankCode(countryCode)) {
    for (const field of ['bankCode', 'branchCode']) {
      if (!str(input[field])) {
        return {
          parameter: field,
          text: {
            key: 'refusal.transfers.requiredForBankTransferTo',
            params: { country: countryCode },
          },
        }
      }
    }
  }
  const unpaid = countryTargetError('eft', countryCode, currency)
  if (unpaid) return unpaid
  const accountNumber = str(input.accountNumber)!
  const bankCode = str(input.bankCode)
  return {
    field: 'accountNumber',
    beneficiaryName: str(input.beneficiaryName)!,
    countryCode,
    payoutCurrency: currency,
    destination: bankCode ? `${bankCode} ${accountNumber}` : accountNumber,
    details: present({
      accountNumber,
      bankCode,
      branchCode: input.branchCode,
      beneficiaryAddress: input.beneficiaryAddress,
      reference: input.reference,
    }),
  }
}

/** The Luhn (mod 10) check every card number passes. */
export function luhnValid(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

async function cardDestination(
  db: Db,
  customerId: number,
  input: ExternalRequest,
): Promise<Resolved> {
  const currency = str(input.currencyCode)!
  const cardId = typeof input.externalCardId === 'number' ? input.externalCardId : undefined
  if (cardId !== undefined) {
    const [card] = await db
      .select()
      .from(externalCards)
      .where(and(eq(externalCards.id, cardId), eq(externalCards.customerId, customerId)))
    if (!card)
      return { parameter: 'externalCardId', text: { key: 'refusal.transfers.notYourSavedCard' } }
    if (isBinBlocked(card.binNumber)) {
      return { parameter: 'externalCardId', text: { key: 'refusal.transfers.blockedBin' } }
    }
    return cardResult(card.maskedCardNumber, card.cardHolderName, currency, card.countryCode, {
      externalCardId: card.id,
    })
  }
  // Section 5: the BIN is the first 6 digits once spaces are removed.
  const digits = str(input.cardNumber)!.replace(/\s+/g, '')
  const bin = binOf(digits)
  if (!bin || !luhnValid(digits)) {
    return { parameter: 'cardNumber', text: { key: 'refusal.transfers.notCardNumber' } }
  }
  if (isBinBlocked(bin))
    return { parameter: 'cardNumber', text: { key: 'refusal.transfers.blockedBin' } }
  const info = binInfoOf(bin)
  const masked = maskPan(digits)
  const holder = str(input.cardHolderName)!
  const fingerprint = createHmac('sha256', await sealingKey(db))
    .update(`external-card:${digits}`)
    .digest('base64url')
  const resolved = cardResult(masked, holder, currency, info?.countryCode ?? null, {
    cardNumber: masked,
  })
  if ('parameter' in resolved) return resolved
  return {
    ...resolved,
    newCard: {
      maskedCardNumber: masked,
      binNumber: bin,
      fingerprint,
      cardHolderName: holder,
      ...(info?.cardBrand ? { cardBrand: info.cardBrand } : {}),
      ...(info?.countryCode ? { countryCode: info.countryCode } : {}),
    },
  }
}

function cardResult(
  masked: string,
  holder: string,
  currency: string,
  countryCode: string | null,
  fields: SavedDetails,
): Resolved {
  // The card's country, where the BIN table knows it, must be one cards are paid to.
  if (countryCode && !methodOffered('oct', countryCode, currency)) {
    return {
      parameter: 'currencyCode',
      text: { key: 'refusal.transfers.notPaidToCardsOf', params: { country: countryCode } },
    }
  }
  return {
    field: 'cardNumber',
    beneficiaryName: holder,
    ...(countryCode ? { countryCode } : {}),
    payoutCurrency: currency,
    destination: masked,
    details: { ...fields, cardHolderName: holder },
  }
}

/** Wallet address shapes per network; a currency without a network uses its first one. */
const cryptoNetworks: Record<string, Record<string, RegExp>> = {
  BTC: { bitcoin: /^(bc1[a-z0-9]{25,60}|[13][a-km-zA-HJ-NP-Z1-9]{25,34})$/ },
  LTC: { litecoin: /^(ltc1[a-z0-9]{25,60}|[LM][a-km-zA-HJ-NP-Z1-9]{26,33})$/ },
  ETH: { ethereum: /^0x[0-9a-fA-F]{40}$/ },
  USDT: { ethereum: /^0x[0-9a-fA-F]{40}$/, tron: /^T[1-9A-HJ-NP-Za-km-z]{33}$/ },
  USDC: { ethereum: /^0x[0-9a-fA-F]{40}$/ },
}

/** The network a coin is sent on: the one named (any case), else the coin's first. */
export function cryptoNetworkOf(
  currency: string,
  named: string | undefined,
): { network: string; shape: RegExp } | FieldError {
  const networks = cryptoNetworks[currency]
  if (!networks || !(cryptoCurrencies as readonly string[]).includes(currency)) {
    return { parameter: 'currencyCode', text: { key: 'refusal.transfers.notCryptoCurrency' } }
  }
  const network = named?.toLowerCase() ?? Object.keys(networks)[0]!
  const shape = networks[network]
  if (!shape) {
    return {
      parameter: 'network',
      text: {
        key: 'refusal.transfers.notNetworkOf',
        params: { currency, networks: Object.keys(networks).join(', ').toUpperCase() },
      },
    }
  }
  return { network, shape }
}

function cryptoDestination(input: ExternalRequest, from: AccountRow): Resolved {
  const currency = str(input.currencyCode)!
  const chain = cryptoNetworkOf(currency, str(input.network))
  if (isFieldError(chain)) return chain
  const { network, shape } = chain
  const wallet = str(input.walletAddress)!
  if (!shape.test(wallet)) {
    // The network's own name, as a proper noun: "is not a Bitcoin address".
    const name = `${network.charAt(0).toUpperCase()}${network.slice(1)}`
    return refusal('walletAddress', 'refusal.transfers.notWalletOf', { network: name })
  }
  return {
    field: 'walletAddress',
    beneficiaryName: str(input.beneficiaryName) ?? '',
    // The bank debits the account's own currency; the rail buys the crypto it sends.
    payoutCurrency: from.currencyCode,
    destination: wallet,
    details: present({
      walletAddress: wallet,
      network,
      memo: input.memo,
      cryptoCurrencyCode: currency,
    }),
  }
}

/** The instant key is resolved through the bank directory: the payee is who the key names. */
async function instantDestination(input: ExternalRequest): Promise<Resolved> {
  const countryCode = str(input.countryCode)!
  const currency = str(input.currencyCode)!
  const unpaid = countryTargetError('instant_payment', countryCode, currency)
  if (unpaid) return unpaid
  const keyType = str(input.instantKeyType)!
  if (!isInstantKeyType(keyType)) {
    return { parameter: 'instantKeyType', text: { key: 'refusal.transfers.notInstantKeyType' } }
  }
  const checked = instantKeyCheck(keyType, str(input.instantKey)!)
  if (!checked.valid) return { parameter: 'instantKey', text: { key: checked.reason! } }
  const owner = await bankDirectory().instantKey(keyType, checked.key)
  if (!owner) return { parameter: 'instantKey', text: { key: 'refusal.transfers.keyLeadsNowhere' } }
  return {
    field: 'instantKey',
    beneficiaryName: owner.beneficiaryName,
    countryCode,
    payoutCurrency: currency,
    destination: checked.key,
    details: present({
      instantKey: checked.key,
      instantKeyType: keyType,
      taxId: owner.taxId,
      bankCode: owner.bankCode,
      branchCode: owner.branchCode,
      accountNumber: owner.accountNumber,
    }),
  }
}

function interacDestination(input: ExternalRequest): Resolved {
  const email = str(input.email)!.trim().toLowerCase()
  return {
    field: 'email',
    beneficiaryName: str(input.beneficiaryName)!,
    countryCode: 'CA',
    payoutCurrency: 'CAD',
    toEmail: email,
    destination: email,
    details: { email },
  }
}
