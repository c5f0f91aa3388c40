// phoneCheck: whether a phone number is valid, with its E.164 form, country and line type
// (product-spec section 7, Public calls), read with libphonenumber-js's full metadata (the
// line type needs it). A number with a leading + is international; without one it belongs
// to countryCode. A number that cannot be read at all is valid false with nulls elsewhere.
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max'
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { country, unknownCountry } from '../dictionaries/country-table.ts'

/** E.164 allows 15 digits; a longer reading is not a number to show in that form. */
const e164Form = /^\+[1-9][0-9]{1,14}$/

const unreadable = {
  valid: false,
  possible: false,
  e164: null,
  countryCode: null,
  callingCode: null,
  nationalNumber: null,
  type: null,
}

export const handler: Handler<'phoneCheck'> = async (_context, { phoneNumber, countryCode }) => {
  if (countryCode !== undefined && !country(countryCode)) return unknownCountry('countryCode')
  // A few countries of the dictionary have no numbering plan in libphonenumber-js (AQ, BV);
  // a national number given with one of them stays unreadable.
  const parsed = parsePhoneNumberFromString(phoneNumber, countryCode as CountryCode | undefined)
  if (!parsed) return rpcOk({ phoneCheck: unreadable })
  return rpcOk({
    phoneCheck: {
      valid: parsed.isValid(),
      possible: parsed.isPossible(),
      e164: e164Form.test(parsed.number) ? parsed.number : null,
      countryCode: parsed.country ?? null,
      callingCode: parsed.countryCallingCode,
      nationalNumber: parsed.nationalNumber,
      type: parsed.getType() ?? null,
    },
  })
}
