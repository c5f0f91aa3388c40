// The rules of /transfer/external that need no browser: what a type's destination needs
// (product-spec section 5: the BIN is the first 6 digits without spaces), when a fee may be
// asked for (only with amount and target), and the fee and submit requests of each type,
// typed by the spec's request bodies. The types, the flags that allow them (section 6) and the
// bank-code countries are the shared tables the server checks too (src/shared/).
import type { components, paths } from '../../../generated/api.d.ts'
import { TransferType } from '../../../generated/constants.ts'
import type { TransferPermission } from '../../../shared/permission-flags.ts'
import { eftNeedsBankCode, type ExternalTransferType } from '../../../shared/transfer-types.ts'
import { isPositiveAmount } from '../../components/transfer/transfer-display.ts'

export type Permissions = components['schemas']['Permissions']
export type ExtraParameter = components['schemas']['ExtraParameter']

/** Types whose submit names the country of the recipient's bank. */
export const needsCountry = (type: ExternalTransferType) =>
  type === TransferType.Wire || type === TransferType.Eft || type === TransferType.InstantPayment

/** Only wire and EFT submits carry extraParams (spec/transfers.yaml). */
export const takesExtraParams = (type: ExternalTransferType) =>
  type === TransferType.Wire || type === TransferType.Eft

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
  permission: TransferPermission
}

const filled = (draft: Draft, name: string) => (draft[name] ?? '').trim() !== ''
const value = (draft: Draft, name: string) => (draft[name] ?? '').trim()
/** The optional fields that are filled, so an empty one is never sent (section 5). */
function present(draft: Draft, names: string[]): Record<string, string> {
  return Object.fromEntries(names.filter((n) => filled(draft, n)).map((n) => [n, value(draft, n)]))
}

/** Whether the target of a type is set: with the amount, the fee may be asked for. */
export function hasTarget(type: ExternalTransferType, draft: Draft, countryCode: string): boolean {
  switch (type) {
    case TransferType.Wire:
      return countryCode !== '' && (filled(draft, 'iban') || filled(draft, 'accountNumber'))
    case TransferType.Eft:
      return countryCode !== '' && filled(draft, 'accountNumber')
    case TransferType.Oct:
      return filled(draft, 'externalCardId') || binOf(draft.cardNumber ?? '') !== null
    case TransferType.CryptoEft:
      return filled(draft, 'walletAddress')
    case TransferType.InstantPayment:
      return countryCode !== '' && filled(draft, 'instantKey')
    case TransferType.Interac:
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
export function feeRequest(
  type: ExternalTransferType,
  common: Common,
  draft: Draft,
): Request | null {
  if (!isPositiveAmount(common.amount) || !hasTarget(type, draft, common.countryCode)) return null
  const base = {
    accountId: common.accountId,
    amount: common.amount.trim(),
    currencyCode: common.currencyCode,
    permission: common.permission,
  }
  const withCountry = { ...base, countryCode: common.countryCode }
  switch (type) {
    case TransferType.Wire:
      return { path: '/rpc/wireTransferFeeGet', body: withCountry }
    case TransferType.Eft:
      return { path: '/rpc/eftTransferFeeGet', body: withCountry }
    case TransferType.InstantPayment:
      return { path: '/rpc/instantTransferFeeGet', body: withCountry }
    case TransferType.Oct: {
      const target = filled(draft, 'externalCardId')
        ? { externalCardId: Number(value(draft, 'externalCardId')) }
        : { binNumber: binOf(draft.cardNumber ?? '')! }
      const body: Record<string, unknown> = { ...base, ...target }
      return { path: '/rpc/octTransferFeeGet', body }
    }
    case TransferType.CryptoEft: {
      const body: Body<'/rpc/cryptoTransferFeeGet'> = { ...base, ...present(draft, ['network']) }
      return { path: '/rpc/cryptoTransferFeeGet', body }
    }
    case TransferType.Interac: {
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

/** What every type's submit carries: the account, the amount and the idempotency key. */
function submitBase(common: Common, extras: SubmitExtras) {
  return {
    accountId: common.accountId,
    amount: common.amount.trim(),
    currencyCode: common.currencyCode,
    permission: common.permission,
    idempotencyKey: extras.idempotencyKey,
    ...(extras.templateName.trim() && { templateName: extras.templateName.trim() }),
  }
}

/**
 * A wire's beneficiary and bank, by IBAN or by account number. The spec's anyOf (IBAN or
 * account number) makes the generated body type unknown.
 */
function wireDestination(draft: Draft): Record<string, unknown> {
  const destination = draft.destinationKind === 'accountNumber' ? 'accountNumber' : 'iban'
  return {
    beneficiaryName: value(draft, 'beneficiaryName'),
    swift: value(draft, 'swift').toUpperCase(),
    ...(destination === 'iban'
      ? { iban: compactIban(value(draft, 'iban')) }
      : { accountNumber: value(draft, 'accountNumber') }),
    ...present(draft, ['beneficiaryAddress', 'bankName', 'bankAddress', 'reference', 'note']),
  }
}

/** A card payout's target: a saved card, or a number with its holder's name. */
function cardDestination(draft: Draft) {
  return filled(draft, 'externalCardId')
    ? { externalCardId: Number(value(draft, 'externalCardId')) }
    : {
        cardNumber: cardDigits(value(draft, 'cardNumber')),
        cardHolderName: value(draft, 'cardHolderName'),
      }
}

/** The submit request of a type, from the form as it stands. */
export function submitRequest(
  type: ExternalTransferType,
  common: Common,
  draft: Draft,
  extras: SubmitExtras,
): Request {
  const base = submitBase(common, extras)
  const extraParams = Object.keys(extras.extraParams).length > 0 && {
    extraParams: extras.extraParams,
  }
  switch (type) {
    case TransferType.Wire: {
      const body = { ...base, countryCode: common.countryCode, ...wireDestination(draft) }
      return { path: '/rpc/wireTransferSubmit', body: { ...body, ...extraParams } }
    }
    case TransferType.Eft: {
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
    case TransferType.Oct: {
      // The spec's oneOf (number or saved card) makes the generated body type unknown.
      const body: Record<string, unknown> = {
        ...base,
        ...cardDestination(draft),
        ...present(draft, ['note']),
      }
      return { path: '/rpc/octTransferSubmit', body }
    }
    case TransferType.CryptoEft: {
      const body: Body<'/rpc/cryptoTransferSubmit'> = {
        ...base,
        walletAddress: value(draft, 'walletAddress'),
        ...present(draft, ['network', 'memo', 'beneficiaryName', 'note']),
      }
      return { path: '/rpc/cryptoTransferSubmit', body }
    }
    case TransferType.InstantPayment: {
      const body: Body<'/rpc/instantTransferSubmit'> = {
        ...base,
        countryCode: common.countryCode,
        instantKey: value(draft, 'instantKey'),
        instantKeyType: value(draft, 'instantKeyType'),
        ...present(draft, ['taxId', 'beneficiaryName', 'bankCode', 'note']),
      }
      return { path: '/rpc/instantTransferSubmit', body }
    }
    case TransferType.Interac: {
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
export function missingFields(
  type: ExternalTransferType,
  draft: Draft,
  countryCode: string,
): string[] {
  const required: Record<ExternalTransferType, string[]> = {
    wire: [
      'beneficiaryName',
      'swift',
      draft.destinationKind === 'accountNumber' ? 'accountNumber' : 'iban',
    ],
    eft: [
      'beneficiaryName',
      'accountNumber',
      ...(eftNeedsBankCode(countryCode) ? ['bankCode', 'branchCode'] : []),
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
