// confirmPhone (product-spec section 7): confirms a phone with the SMS code and the verifier of
// the challenge the code was sent for (POST verification/phones/{phoneId}/verify), or a phone
// change of phoneAdd or phoneReplace with its reqId and the code sent to the new number. A
// wrong code is VF naming the code field, with the tries left; the fifth wrong code, an
// expired code and one replaced by a newer code are refused (TA1).
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { phoneView } from '../kyc/record-views.ts'
import { findPhoneCode } from './phone-confirmation-codes.ts'
import { confirmWithCode } from './phone-changes.ts'
import { isFailure } from './write-transaction.ts'

export const handler: Handler<'confirmPhone'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const byRequest = 'reqId' in input
  // Wrong tries are committed with the answer: the transaction never rolls back here.
  return context.db.transaction(async (tx) => {
    const code = byRequest
      ? await findPhoneCode(tx, customerId, { reqId: input.reqId })
      : await findPhoneCode(tx, customerId, { phoneId: input.phoneId, kind: 'challenge' })
    if (!code) {
      // Another customer's request or phone answers as an unknown one.
      return validationFailure([
        byRequest
          ? refusal('reqId', 'refusal.customer.notYourPhoneConfirmation')
          : refusal('phoneId', 'refusal.customer.noPhoneCodeWaiting'),
      ])
    }
    const given = byRequest
      ? { code: input.approvalCode }
      : { code: input.code, codeVerifier: input.codeVerifier }
    const fields = byRequest
      ? { id: 'reqId', code: 'approvalCode' }
      : { id: 'phoneId', code: 'code' }
    const phone = await confirmWithCode(tx, code, given, fields)
    if (isFailure(phone)) return phone
    return rpcOk({ phone: phoneView(phone) })
  })
}
