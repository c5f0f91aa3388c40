// phoneUpdate: the one-step phone change of product-spec section 5 ("An existing phone is
// replaced, else added"): the number is to be the primary phone. A code goes to it by SMS and
// phoneConfirm confirms it; until then the current primary phone stays (docs/decisions.md).
// A customer without a primary phone gets the number as primary at once, unconfirmed.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { isFieldError } from '../security/field-error.ts'
import { phoneView } from '../kyc/record-views.ts'
import { readPhone } from './phone-numbers.ts'
import { currentPhones, requestPhone, samePhone } from './phone-changes.ts'
import { isFailure, writeTransaction } from './write-transaction.ts'

export const handler: Handler<'phoneUpdate'> = async (context, input) => {
  const { customerId, userId } = requireSession(context)
  const phone = readPhone(input)
  if (isFieldError(phone)) return validationFailure([phone])
  return writeTransaction(context.db, async (tx) => {
    const phones = await currentPhones(tx, customerId)
    const primary = phones.find((row) => row.isPrimary)
    if (primary && samePhone(primary, phone) && primary.confirmedAt) {
      const description = 'refusal.customer.alreadyPrimaryPhone'
      return validationFailure([refusal('number', description)])
    }
    // The primary number itself, still unconfirmed, gets a new code: nothing to replace.
    const replaces = primary && !samePhone(primary, phone) ? primary : undefined
    const requested = await requestPhone(tx, {
      customerId,
      userId,
      phone,
      phones,
      replaces,
      withRequestId: false,
      numberField: 'number',
    })
    if (isFailure(requested)) return requested
    return rpcOk({ phone: phoneView(requested.phone) })
  })
}
