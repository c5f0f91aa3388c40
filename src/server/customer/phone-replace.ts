// phoneReplace: replaces one of the customer's phones with another number (type 2). The old
// phone stays, primary if it was, until the new number is confirmed with confirmPhone (the
// reqId of the answer and the code sent to the new number by SMS); then the new one takes its
// place (product-spec sections 3, 5 and 7; docs/decisions.md).
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { isFieldError } from '../security/field-error.ts'
import { phoneView } from '../kyc/record-views.ts'
import { readPhone } from './phone-numbers.ts'
import { currentPhones, requestPhone } from './phone-changes.ts'
import { isFailure, writeTransaction } from './write-transaction.ts'

export const handler: Handler<'phoneReplace'> = async (context, input) => {
  const { customerId, userId } = requireSession(context)
  const phone = readPhone(input.phone, 'phone.')
  if (isFieldError(phone)) return validationFailure([phone])
  return writeTransaction(context.db, async (tx) => {
    const phones = await currentPhones(tx, customerId)
    // Another customer's phone, a replaced one and no phone at all answer alike.
    const replaces = phones.find((row) => row.id === input.phoneId)
    if (!replaces) {
      return validationFailure([refusal('phoneId', 'refusal.customer.notYourPhone')])
    }
    const requested = await requestPhone(tx, {
      customerId,
      userId,
      phone,
      phones,
      replaces,
      withRequestId: true,
      numberField: 'phone.number',
    })
    if (isFailure(requested)) return requested
    if (requested.reqId === undefined) throw new Error('assertion: phoneReplace answers a reqId')
    return rpcOk({ phone: phoneView(requested.phone), reqId: requested.reqId })
  })
}
