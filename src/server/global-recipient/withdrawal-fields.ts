// The fields a recipient fills to be paid by a method (issue 16): the destination each payout
// method needs, then the directory's extra fields of the method and country
// (transfers/directory/extra-parameters.ts). The submit checks them with the dictionaries the
// external transfers use: SWIFT, IBAN and the card BIN blacklist.
import { extraParametersFor, type ExtraParameter } from '../transfers/directory/extra-parameters.ts'
import { swiftCheck } from '../transfers/directory/swift.ts'
import { ibanCheck } from '../transfers/directory/iban.ts'
import { binOf, isBinBlocked, maskPan } from '../transfers/directory/bin.ts'
import { instantKeyCheck, isInstantKeyType } from '../transfers/directory/instant.ts'
import { type FieldError, refusal } from '../rpc/outcome.ts'
import type { ExternalTransferType } from '../../shared/transfer-types.ts'

const text = (name: string, maxLength = 64): ExtraParameter => ({
  name,
  type: 'text',
  required: true,
  maxLength,
})

/** The destination fields of each payout method, before the directory's extra fields. */
const destinationFields: Record<ExternalTransferType, ExtraParameter[]> = {
  wire: [text('accountNumber', 34), text('swift', 11)],
  eft: [text('accountNumber', 34)],
  oct: [{ ...text('cardNumber', 19), pattern: '^[0-9 ]{12,23}$' }],
  crypto_eft: [],
  instant_payment: [text('instantKeyType', 16), text('instantKey', 77)],
  interac: [text('email', 254)],
}

export function withdrawalFieldsOf(
  kind: ExternalTransferType,
  countryCode: string,
  currencyCode: string,
): ExtraParameter[] {
  return [...destinationFields[kind], ...extraParametersFor(kind, countryCode, currencyCode)]
}

const field = (name: string) => `paymentDetails.${name}`

/** The first refused field of the details, or the destination the rail is handed. */
export function checkedWithdrawal(
  kind: ExternalTransferType,
  countryCode: string,
  currencyCode: string,
  details: Record<string, string>,
): FieldError | { destination: string } {
  for (const wanted of withdrawalFieldsOf(kind, countryCode, currencyCode)) {
    if (wanted.required && !details[wanted.name]?.trim()) {
      return refusal(field(wanted.name), 'refusal.globalPay.missingDetail')
    }
  }
  const account = details.accountNumber?.replace(/\s+/g, '') ?? ''
  switch (kind) {
    case 'wire':
      if (!swiftCheck(details.swift ?? '').valid) {
        return refusal(field('swift'), 'refusal.common.notValid')
      }
      if (/^[A-Z]{2}[0-9]{2}/i.test(account) && !ibanCheck(account).valid) {
        return refusal(field('accountNumber'), 'refusal.common.notValid')
      }
      return { destination: account }
    case 'oct': {
      const bin = binOf(details.cardNumber ?? '')
      if (!bin || isBinBlocked(bin)) return refusal(field('cardNumber'), 'refusal.common.notValid')
      return { destination: maskPan(details.cardNumber ?? '') }
    }
    case 'instant_payment': {
      const type = details.instantKeyType ?? ''
      if (!isInstantKeyType(type))
        return refusal(field('instantKeyType'), 'refusal.common.notValid')
      const key = instantKeyCheck(type, details.instantKey ?? '')
      if (!key.valid) return refusal(field('instantKey'), 'refusal.common.notValid')
      return { destination: key.key }
    }
    case 'interac':
      return { destination: details.email ?? '' }
    default:
      return { destination: account }
  }
}
