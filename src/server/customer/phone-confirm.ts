// phoneConfirm: confirms a phone with the newest code sent to it by SMS, whichever of
// phoneUpdate, phoneAdd and phoneReplace sent it (product-spec sections 5 and 7; the profile
// confirms every phone this way). A wrong code is VF naming code, with the tries left; the
// fifth wrong code, an expired code and one replaced by a newer code are refused (TA1).
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { phoneView } from '../kyc/record-views.ts'
import { findPhoneCode } from './phone-confirmation-codes.ts'
import { confirmWithCode } from './phone-changes.ts'
import { isFailure } from './write-transaction.ts'

export const handler: Handler<'phoneConfirm'> = async (context, input) => {
  const { customerId } = requireSession(context)
  // Wrong tries are committed with the answer: the transaction never rolls back here.
  return context.db.transaction(async (tx) => {
    const code = await findPhoneCode(tx, customerId, { phoneId: input.phoneId, kind: 'sms' })
    if (!code) {
      // Another customer's phone, or one without a code, answer alike.
      const description = 'refusal.customer.noPhoneCodeWaiting'
      return validationFailure([refusal('phoneId', description)])
    }
    const phone = await confirmWithCode(
      tx,
      code,
      { code: input.code },
      {
        id: 'phoneId',
        code: 'code',
      },
    )
    if (isFailure(phone)) return phone
    return rpcOk({ phone: phoneView(phone) })
  })
}
