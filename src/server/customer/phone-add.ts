// phoneAdd: adds a phone (type 2) and sends a code by SMS to it; confirmPhone confirms it with
// the reqId of the answer and that code (product-spec sections 3, 5 and 7). The first phone of
// a customer without a primary one is primary at once, unconfirmed.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, validationFailure } from '../rpc/outcome.ts'
import { isFieldError } from '../security/field-error.ts'
import { phoneView } from '../kyc/record-views.ts'
import { readPhone } from './phone-numbers.ts'
import { currentPhones, requestPhone } from './phone-changes.ts'
import { isFailure, writeTransaction } from './write-transaction.ts'

export const handler: Handler<'phoneAdd'> = async (context, input) => {
  const { customerId, userId } = requireSession(context)
  const phone = readPhone(input)
  if (isFieldError(phone)) return validationFailure([phone])
  return writeTransaction(context.db, async (tx) => {
    const requested = await requestPhone(tx, {
      customerId,
      userId,
      phone,
      phones: await currentPhones(tx, customerId),
      withRequestId: true,
      numberField: 'number',
    })
    if (isFailure(requested)) return requested
    if (requested.reqId === undefined) throw new Error('assertion: phoneAdd answers a reqId')
    return rpcOk({ phone: phoneView(requested.phone), reqId: requested.reqId })
  })
}
