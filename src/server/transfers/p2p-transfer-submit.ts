// p2pTransferSubmit: sends money to another customer by e-mail, once or recurring (product-spec
// sections 6 and 7). The payee must not be on the sender's payout blacklist nor be the sender.
// Money to an e-mail that is no customer yet is held and a claim e-mail is queued
// (transfer-orders.ts, route claim). With invoiceId it pays that invoice: the invoice's amount
// and currency to its payee, the invoice marked in the order's transaction
// (invoices/invoice-payment.ts).
import type { Handler } from '../rpc/handler-context.ts'
import { refusal, validationFailure } from '../rpc/outcome.ts'
import { actingUser } from './acting-user.ts'
import { isFieldError, ownAccount, quoteOf } from './transfer-quotes.ts'
import { submitOrder } from './transfer-orders.ts'
import { subscriptionTermsOf } from './subscription-terms.ts'
import { payeeFacts } from './payee-lookup.ts'
import { invoicePart } from '../invoices/invoice-payment.ts'

export const handler: Handler<'p2pTransferSubmit'> = async (context, input) => {
  const acting = await actingUser(context)
  const from = await ownAccount(context.db, acting.customerId, input.accountId)
  if (!from) return validationFailure([refusal('accountId', 'refusal.common.notYourAccount')])
  if (input.currency !== from.currencyCode) {
    return validationFailure([refusal('currency', 'refusal.common.notTheAccountCurrency')])
  }
  const toEmail = input.toEmail.trim().toLowerCase()
  const payee = await payeeFacts(context.db, acting.customerId, toEmail)
  if (!payee.outBlacklist) {
    return validationFailure([refusal('toEmail', 'refusal.common.onPayoutBlacklist')])
  }
  if (payee.customerId === acting.customerId) {
    return validationFailure([refusal('toEmail', 'refusal.transfers.ownPayee')])
  }
  const terms = subscriptionTermsOf(input)
  if (isFieldError(terms)) return validationFailure([terms])
  if (terms && payee.customerId === undefined) {
    return validationFailure([
      refusal('subscriptionFrequency', 'refusal.transfers.recurringNeedsCustomer'),
    ])
  }
  const quote = quoteOf('p2p', from, from.currencyCode, input.amount, input.currency, {
    amount: 'amount',
    currency: 'currency',
  })
  if (isFieldError(quote)) return validationFailure([quote])
  const paying = await invoicePart(context.db, acting.customerId, {
    invoiceId: input.invoiceId,
    amountMinor: quote.amountMinor,
    currency: input.currency,
    toCustomerId: payee.customerId,
    recurring: terms !== undefined,
  })
  if (isFieldError(paying)) return validationFailure([paying])
  return submitOrder(context.db, {
    kind: 'p2p',
    acting,
    idempotencyKey: input.idempotencyKey,
    request: { ...input },
    fields: { amount: 'amount', from: 'accountId', to: 'toEmail' },
    from,
    toEmail,
    ...(payee.customerId !== undefined ? { toCustomerId: payee.customerId } : {}),
    currencyCode: from.currencyCode,
    toCurrencyCode: from.currencyCode,
    ...quote,
    details: { ...extrasOf(input), ...(payee.name ? { payeeName: payee.name } : {}) },
    ...(terms ? { subscription: terms } : {}),
    ...paying,
  })
}

/** The P2P extras the order keeps (product-spec section 7). */
function extrasOf(input: Parameters<Handler<'p2pTransferSubmit'>>[1]) {
  const keys = [
    'note',
    'reference',
    'couponCode',
    'templateName',
    'invoiceId',
    'platform',
    'fromEmailId',
  ] as const
  return Object.fromEntries(
    keys.filter((key) => input[key] !== undefined).map((key) => [key, input[key]]),
  )
}
