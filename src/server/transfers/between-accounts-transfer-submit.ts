// betweenAccountsTransferSubmit: moves money between two of the acting customer's accounts,
// converting when their currencies differ, once or as a recurring subscription (product-spec
// sections 3, 4 and 7). transfer-orders.ts decides the route: done now, waiting for a code,
// or an approval request for a business user with access right 3.
import type { Handler } from '../rpc/handler-context.ts'
import { refusal, validationFailure, rpcRefuse } from '../rpc/outcome.ts'
import { AccountStatus } from '../../generated/constants.ts'
import { actingUser } from './acting-user.ts'
import { isFieldError, ownAccount, quoteOf } from './transfer-quotes.ts'
import { submitOrder } from './transfer-orders.ts'
import { subscriptionTermsOf } from './subscription-terms.ts'

export const handler: Handler<'betweenAccountsTransferSubmit'> = async (context, input) => {
  const acting = await actingUser(context)
  const from = await ownAccount(context.db, acting.customerId, input.fromAccount)
  if (!from) return validationFailure([refusal('fromAccount', 'refusal.common.notYourAccount')])
  const to = await ownAccount(context.db, acting.customerId, input.toAccount)
  if (!to) return validationFailure([refusal('toAccount', 'refusal.common.notYourAccount')])
  if (to.id === from.id) {
    return validationFailure([refusal('toAccount', 'refusal.transfers.mustDifferFromSource')])
  }
  if (to.statusId === AccountStatus.Closed) {
    return rpcRefuse(
      'CA',
      'answer.transfers.accountClosed',
      { account: String(to.id) },
      { field: 'toAccount' },
    )
  }
  const terms = subscriptionTermsOf(input)
  if (isFieldError(terms)) return validationFailure([terms])
  const quote = quoteOf(
    'betweenAccounts',
    from,
    to.currencyCode,
    input.toAmount,
    input.currency ?? from.currencyCode,
    { amount: 'toAmount', currency: 'currency' },
  )
  if (isFieldError(quote)) return validationFailure([quote])
  return submitOrder(context.db, {
    kind: 'betweenAccounts',
    acting,
    idempotencyKey: input.idempotencyKey,
    request: { ...input },
    fields: { amount: 'toAmount', from: 'fromAccount', to: 'toAccount' },
    from,
    to,
    currencyCode: from.currencyCode,
    toCurrencyCode: to.currencyCode,
    ...quote,
    ...(terms ? { subscription: terms } : {}),
  })
}
