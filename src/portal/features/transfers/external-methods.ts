// The rules of /transfer/external that need no browser: which transfer types a session may
// use and for whom (product-spec section 6), what a type's destination needs (section 5:
// bank codes for BR, JP, HK and LK; the BIN is the first 6 digits without spaces), when a
// fee may be asked for (only with amount and target), and the fee and submit requests of
// each type, typed by the spec's request bodies.
import type { components, paths } from '../../../generated/api.d.ts'
import { isPositiveAmount } from '../../components/transfer/transfer-display.ts'

export type ExternalType = 'wire' | 'eft' | 'oct' | 'crypto_eft' | 'instant_payment' | 'interac'
export type Permission = components['schemas']['TransferPermission']
export type Permissions = components['schemas']['Permissions']
export type ExtraParameter = components['schemas']['ExtraParameter']

export const externalTypes: readonly ExternalType[] = [
  'wire',
  'eft',
  'oct',
  'crypto_eft',
  'instant_payment',
  'interac',
]

export function isExternalType(type: string): type is ExternalType {
  return (externalTypes as readonly string[]).includes(type)
}

/**
 * The flag of section 6 that allows each type, to the customer's own account ("Withdraw to
 * own account: Crypto, Wire, Bank, ToCard, InstantPayment, Interac", flags named as listed)
 * and to a third party (the send* flags); the server checks the same table on submit.
 */
export const permissionFlags: Record<ExternalType, Record<Permission, string>> = {
  wire: { own: 'Wire', '3d': 'sendMoneyWire' },
  eft: { own: 'Bank', '3d': 'sendMoneyEft' },
  oct: { own: 'ToCard', '3d': 'sendMoneyCreditCard' },
  crypto_eft: { own: 'Crypto', '3d': 'sendCryptoEft' },
  instant_payment: { own: 'InstantPayment', '3d': 'sendMoneyInstantPayment' },
  interac: { own: 'Interac', '3d': 'sendMoneyInterac' },
}

/** For whom the session may send with a type: own account, third party, both or neither. */
export function allowedPermissions(type: ExternalType, flags: Permissions): Permission[] {
  const named = flags as Record<string, boolean | undefined>
  return (['own', '3d'] as const).filter((p) => named[permissionFlags[type][p]] === true)
}

/** Section 5: EFT to these countries needs a bank code and a branch code. */
export const bankCodeCountries = ['BR', 'JP', 'HK', 'LK']
export const needsBranchCode = (countryCode: string) => bankCodeCountries.includes(countryCode)

/** Types whose submit names the country of the recipient's bank. */
export const needsCountry = (type: ExternalType) =>
  type === 'wire' || type === 'eft' || type === 'instant_payment'

/** Only wire and EFT submits carry extraParams (spec/transfers.yaml). */
export const takesExtraParams = (type: ExternalType) => type === 'wire' || type === 'eft'

/** Interac pays out in CAD only. */
export const interacCurrency = 'CAD'

/** Section 5: the BIN is the first 6 digits of the card number without spaces. */
export function binOf(cardNumber: string): string | null {
  const digits = cardNumber.replace(/\s+/g, '')
  return /^[0-9]{6}/.test(digits) ? digits.slice(0, 6) : null
}

export const cardDigits = (cardNumber: string) => cardNumber.replace(/\s+/g, '')

/** An IBAN as the lookup and submit take it: capitals, no spaces. */
export const compactIban = (iban: string) => iban.replace(/\s+/g, '').toUpperCase()
export const isIbanShaped = (iban: string) => /^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)
export const isSwiftShaped = (swift: string) => /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(swift)

/** The same e-mail shape the P2P page checks before a lookup (section 5). */
export const isEmailShaped = (email: string) =>
  email.length > 5 && email.includes('@') && email.includes('.')

/** The destination fields of a transfer, by the submit's field names. */
export type Draft = Record<string, string>

/** What every type's request shares: source, amount, currency, country and whose it is. */
export interface Common {
  accountId: number
  amount: string
  currencyCode: string
  countryCode: string
  permission: Permission
}

const filled = (draft: Draft, name: string) => (draft[name] ?? '').trim() !== ''
const value = (draft: Draft, name: string) => (draft[name] ?? '').trim()
/** The optional fields that are filled, so an empty one is never sent (section 5). */
function present(draft: Draft, names: string[]): Record<string, string> {
  return Object.fromEntries(names.filter((n) => filled(draft, n)).map((n) => [n, value(draft, n)]))
}

/** Whether the target of a type is set: with the amount, the fee may be asked for. */
export function hasTarget(type: ExternalType, draft: Draft, countryCode: string): boolean {
  switch (type) {
    case 'wire':
      return countryCode !== '' && (filled(draft, 'iban') || filled(draft, 'accountNumber'))
    case 'eft':
      return countryCode !== '' && filled(draft, 'accountNumber')
    case 'oct':
      return filled(draft, 'externalCardId') || binOf(draft.cardNumber ?? '') !== null
    case 'crypto_eft':
      return filled(draft, 'walletAddress')
    case 'instant_payment':
      return countryCode !== '' && filled(draft, 'instantKey')
    case 'interac':
      return isEmailShaped(value(draft, 'email'))
  }
}

type Body<P extends keyof paths> = paths[P] extends {
  post: { requestBody: { content: { 'application/json': infer B } } }
}
  ? B
  : never

export interface Request {
  path: keyof paths
  body: Record<string, unknown>
}

/** The fee request of a type, or null while amount or target is missing (section 5). */
export function feeRequest(type: ExternalType, common: Common, draft: Draft): Request | null {
  if (!isPositiveAmount(common.amount) || !hasTarget(type, draft, common.countryCode)) return null
  const base = {
    accountId: common.accountId,
    amount: common.amount.trim(),
    currencyCode: common.currencyCode,
    permission: common.permission,
  }
  const withCountry = { ...base, countryCode: common.countryCode }
  switch (type) {
    case 'wire':
      return { path: '/rpc/wireTransferFeeGet', body: withCountry }
    case 'eft':
      return { path: '/rpc/eftTransferFeeGet', body: withCountry }
    case 'instant_payment':
      return { path: '/rpc/instantTransferFeeGet', body: withCountry }
    case 'oct': {
      const target = filled(draft, 'externalCardId')
        ? { externalCardId: Number(value(draft, 'externalCardId')) }
        : { binNumber: binOf(draft.cardNumber ?? '')! }
      const body: Record<string, unknown> = { ...base, ...target }
      return { path: '/rpc/octTransferFeeGet', body }
    }
    case 'crypto_eft': {
      const body: Body<'/rpc/cryptoTransferFeeGet'> = { ...base, ...present(draft, ['network']) }
      return { path: '/rpc/cryptoTransferFeeGet', body }
    }
    case 'interac': {
      const body: Body<'/rpc/interacTransferFeeGet'> = {
        accountId: base.accountId,
        amount: base.amount,
        permission: base.permission,
        currencyCode: interacCurrency,
        email: value(draft, 'email'),
      }
      return { path: '/rpc/interacTransferFeeGet', body }
    }
  }
}

export interface SubmitExtras {
  idempotencyKey: string
  templateName: string
  extraParams: Record<string, string>
}

/** The submit request of a type, from the form as it stands. */
export function submitRequest(
  type: ExternalType,
  common: Common,
  draft: Draft,
  extras: SubmitExtras,
): Request {
  const base = {
    accountId: common.accountId,
    amount: common.amount.trim(),
    currencyCode: common.currencyCode,
    permission: common.permission,
    idempotencyKey: extras.idempotencyKey,
    ...(extras.templateName.trim() && { templateName: extras.templateName.trim() }),
  }
  const extraParams = Object.keys(extras.extraParams).length > 0 && {
    extraParams: extras.extraParams,
  }
  switch (type) {
    case 'wire': {
      const destination = draft.destinationKind === 'accountNumber' ? 'accountNumber' : 'iban'
      // The spec's anyOf (IBAN or account number) makes the generated body type unknown.
      const body: Record<string, unknown> = {
        ...base,
        countryCode: common.countryCode,
        beneficiaryName: value(draft, 'beneficiaryName'),
        swift: value(draft, 'swift').toUpperCase(),
        ...(destination === 'iban'
          ? { iban: compactIban(value(draft, 'iban')) }
          : { accountNumber: value(draft, 'accountNumber') }),
        ...present(draft, ['beneficiaryAddress', 'bankName', 'bankAddress', 'reference', 'note']),
        ...extraParams,
      }
      return { path: '/rpc/wireTransferSubmit', body }
    }
    case 'eft': {
      const body: Body<'/rpc/eftTransferSubmit'> = {
        ...base,
        countryCode: common.countryCode,
        beneficiaryName: value(draft, 'beneficiaryName'),
        accountNumber: value(draft, 'accountNumber'),
        ...present(draft, ['beneficiaryAddress', 'bankCode', 'branchCode', 'reference', 'note']),
        ...extraParams,
      }
      return { path: '/rpc/eftTransferSubmit', body }
    }
    case 'oct': {
      const card = filled(draft, 'externalCardId')
        ? { externalCardId: Number(value(draft, 'externalCardId')) }
        : {
            cardNumber: cardDigits(value(draft, 'cardNumber')),
            cardHolderName: value(draft, 'cardHolderName'),
          }
      // The spec's oneOf (number or saved card) makes the generated body type unknown.
      const body: Record<string, unknown> = { ...base, ...card, ...present(draft, ['note']) }
      return { path: '/rpc/octTransferSubmit', body }
    }
    case 'crypto_eft': {
      const body: Body<'/rpc/cryptoTransferSubmit'> = {
        ...base,
        walletAddress: value(draft, 'walletAddress'),
        ...present(draft, ['network', 'memo', 'beneficiaryName', 'note']),
      }
      return { path: '/rpc/cryptoTransferSubmit', body }
    }
    case 'instant_payment': {
      const body: Body<'/rpc/instantTransferSubmit'> = {
        ...base,
        countryCode: common.countryCode,
        instantKey: value(draft, 'instantKey'),
        instantKeyType: value(draft, 'instantKeyType'),
        ...present(draft, ['taxId', 'beneficiaryName', 'bankCode', 'note']),
      }
      return { path: '/rpc/instantTransferSubmit', body }
    }
    case 'interac': {
      const body: Body<'/rpc/interacTransferSubmit'> = {
        ...base,
        currencyCode: interacCurrency,
        email: value(draft, 'email'),
        beneficiaryName: value(draft, 'beneficiaryName'),
        ...present(draft, ['note']),
      }
      return { path: '/rpc/interacTransferSubmit', body }
    }
  }
}

/** The required destination fields of a type that are still empty. */
export function missingFields(type: ExternalType, draft: Draft, countryCode: string): string[] {
  const required: Record<ExternalType, string[]> = {
    wire: [
      'beneficiaryName',
      'swift',
      draft.destinationKind === 'accountNumber' ? 'accountNumber' : 'iban',
    ],
    eft: [
      'beneficiaryName',
      'accountNumber',
      ...(needsBranchCode(countryCode) ? ['bankCode', 'branchCode'] : []),
    ],
    oct: filled(draft, 'externalCardId') ? [] : ['cardNumber', 'cardHolderName'],
    crypto_eft: ['walletAddress'],
    instant_payment: ['instantKeyType', 'instantKey'],
    interac: ['email', 'beneficiaryName'],
  }
  return required[type].filter((name) => !filled(draft, name))
}

/** Saved or recent details as the form's draft: strings only, nulls dropped. */
export function draftOf(details: Record<string, unknown> | undefined): Draft {
  const draft: Draft = {}
  for (const [name, field] of Object.entries(details ?? {})) {
    if (typeof field === 'string' || typeof field === 'number') draft[name] = String(field)
  }
  if (draft.accountNumber && !draft.iban) draft.destinationKind = 'accountNumber'
  return draft
}
