// The recipient's choices checked against the payment (issue 16): a country it may be paid
// in, the payment's own currency (no conversion for now, docs/decisions.md) and a method the
// bank pays out by there. Each refusal names the field.
import { type Failure, refusal, validationFailure } from '../rpc/outcome.ts'
import { country, unknownCountry } from '../dictionaries/country-table.ts'
import { globalPayoutOffered } from '../global-pay/payout-methods.ts'
import { allowedCountriesOf, type RecipientPayment } from './recipient-payment.ts'
import type { ExternalTransferType } from '../../shared/transfer-types.ts'

export function checkedCountry(found: RecipientPayment, countryCode: string): Failure | undefined {
  if (!country(countryCode)) return unknownCountry('countryCode')
  if (!allowedCountriesOf(found.payment, found.order.toCurrencyCode).includes(countryCode)) {
    return validationFailure([
      refusal('countryCode', 'refusal.transfers.notOfferedTo', { country: countryCode }),
    ])
  }
  return undefined
}

/** The payout kind of a method, currency and country, or the refusal naming the field. */
export function checkedChoice(
  found: RecipientPayment,
  choice: { paymentMethod: string; currencyCode: string; countryCode: string },
  currencyField: string,
): ExternalTransferType | Failure {
  const refusedCountry = checkedCountry(found, choice.countryCode)
  if (refusedCountry) return refusedCountry
  const currency = found.order.toCurrencyCode
  if (choice.currencyCode !== currency) {
    return validationFailure([
      refusal(currencyField, 'refusal.globalPay.notPaymentCurrency', { currency }),
    ])
  }
  if (!globalPayoutOffered(choice.paymentMethod, choice.countryCode, currency)) {
    return validationFailure([refusal('paymentMethod', 'refusal.globalPay.methodNotOffered')])
  }
  return choice.paymentMethod
}
