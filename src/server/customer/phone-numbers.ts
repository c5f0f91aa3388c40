// Reads a phone as the phone requests send it (product-spec section 5: plus signs stripped
// from the country code, type fixed at 2) into the form customer_phones keeps: the calling
// code's digits and the national number without a trunk prefix, so one number is stored one
// way however it was typed. The code that confirms a phone goes by SMS, so a number the
// numbering plan names as anything but a mobile is refused; a number in no known range (the
// fictional ranges, a plan newer than the metadata) passes, as the code will prove it.
import { parsePhoneNumberFromString, type NumberType } from 'libphonenumber-js/max'
import { countryEntries } from '../dictionaries/country-table.ts'
import type { FieldError } from '../rpc/outcome.ts'
import { refusal } from '../rpc/outcome.ts'

export interface PhoneInput {
  countryCode: string
  number: string
}

export interface PhoneNumber {
  /** The calling code without plus signs. */
  countryCode: string
  /** The national number, digits only, without a trunk prefix (the UK's leading 0). */
  number: string
}

const callingCodes = new Set(countryEntries.map((entry) => entry.callingCode))

/** Types that cannot receive an SMS. */
const noSms = new Set<NumberType>([
  'FIXED_LINE',
  'TOLL_FREE',
  'PREMIUM_RATE',
  'SHARED_COST',
  'PAGER',
  'UAN',
  'VOICEMAIL',
])

/** The phone in stored form, or the field that is wrong; prefix names the request's object. */
export function readPhone(input: PhoneInput, prefix = ''): PhoneNumber | FieldError {
  const countryCode = input.countryCode.replaceAll('+', '')
  if (!callingCodes.has(countryCode)) {
    return refusal(`${prefix}countryCode`, 'refusal.customer.notCallingCode')
  }
  const parsed = parsePhoneNumberFromString(`+${countryCode}${input.number}`)
  if (!parsed || parsed.countryCallingCode !== countryCode || !parsed.isPossible()) {
    const code = countryCode
    return refusal(`${prefix}number`, 'refusal.customer.notNumberOfCallingCode', { code })
  }
  const type = parsed.getType()
  if (type !== undefined && noSms.has(type)) {
    const description = 'refusal.customer.mustBeMobile'
    return refusal(`${prefix}number`, description)
  }
  return { countryCode, number: parsed.nationalNumber }
}

/** The recipient of an SMS to the phone, as the outbox names it (+447700900123). */
export function smsRecipient(phone: PhoneNumber): string {
  return `+${phone.countryCode}${phone.number}`
}
