// p2pGlobalPaySubmit: a global payment to an e-mail (product-spec sections 6 and 7, P2P
// "submit"). The order goes through submitOrder like a P2P transfer to a non-customer: the
// amount (and the fee, unless the beneficiary pays it out of the amount) leaves the sender's
// account as a hold into clearing:global, under the idempotency key, in one transaction;
// the route (code, approver) is the customer's as for any transfer. Once the money is held
// for the recipient, global-pay/global-payments.ts opens the payment and e-mails its link.
import type { Handler } from '../rpc/handler-context.ts'
import { refusal, validationFailure } from '../rpc/outcome.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { fromMinor } from '../../shared/money.ts'
import { country, unknownCountry } from '../dictionaries/country-table.ts'
import { actingUser } from './acting-user.ts'
import { isFieldError, ownAccount, quoteOf } from './transfer-quotes.ts'
import { submitOrder } from './transfer-orders.ts'
import { payeeFacts } from './payee-lookup.ts'

export const handler: Handler<'p2pGlobalPaySubmit'> = async (context, input) => {
  const acting = await actingUser(context)
  const from = await ownAccount(context.db, acting.customerId, input.accountId)
  if (!from) return validationFailure([refusal('accountId', 'refusal.common.notYourAccount')])
  if (input.currencyCode !== from.currencyCode) {
    return validationFailure([refusal('currencyCode', 'refusal.common.notTheAccountCurrency')])
  }
  if (input.countryCode !== undefined && !country(input.countryCode)) {
    return unknownCountry('countryCode')
  }
  const toEmail = input.toEmail.trim().toLowerCase()
  const payee = await payeeFacts(context.db, acting.customerId, toEmail)
  if (!payee.outBlacklist) {
    return validationFailure([refusal('toEmail', 'refusal.common.onPayoutBlacklist')])
  }
  const quote = quoteOf('global', from, from.currencyCode, input.amount, input.currencyCode, {
    amount: 'amount',
    currency: 'currencyCode',
  })
  if (isFieldError(quote)) return validationFailure([quote])
  const { amountMinor, feeMinor } = quote
  const scale = scaleOf(from.currencyCode)
  const feeIsBen = input.feeIsBen === true
  if (feeIsBen && amountMinor <= feeMinor) {
    const fee = `${fromMinor(feeMinor, scale)} ${from.currencyCode}`
    return validationFailure([refusal('amount', 'refusal.globalPay.feeOverAmount', { fee })])
  }
  return submitOrder(context.db, {
    kind: 'global',
    acting,
    idempotencyKey: input.idempotencyKey,
    request: { ...input },
    fields: { amount: 'amount', from: 'accountId', to: 'toEmail' },
    from,
    toEmail,
    currencyCode: from.currencyCode,
    toCurrencyCode: from.currencyCode,
    ...quote,
    // With feeIsBen the recipient gets the amount less the fee (transfer-orders.ts postingsOf).
    toAmountMinor: feeIsBen ? amountMinor - feeMinor : amountMinor,
    details: {
      beneficiaryName: input.beneficiaryName.trim(),
      feeIsBen,
      ...(input.countryCode ? { countryCode: input.countryCode } : {}),
      ...(input.description ? { description: input.description } : {}),
    },
  })
}
