// emailConfirm: confirms one of the customer's addresses with the code of its confirmation
// e-mail, the same code its link carries (activation/email-confirmations.ts). A wrong code is
// VF naming confirmationCode; the fifth wrong code, an expired code and one replaced by a newer
// e-mail are refused (TA1). Confirming a confirmed address again answers it as it is.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { type Failure, refusal, rpcOk, validationFailure, rpcRefuse } from '../rpc/outcome.ts'
import { redeemEmailCode, type EmailCodeCheck } from '../activation/email-confirmations.ts'
import { emailView } from '../kyc/record-views.ts'
import { notYours, ownEmails } from './customer-emails.ts'

const failures: Record<Exclude<EmailCodeCheck, 'confirmed'>, Failure> = {
  wrong: validationFailure([refusal('confirmationCode', 'refusal.customer.notTheEmailCode')]),
  blocked: rpcRefuse('TA1', 'answer.customer.tooManyWrongCodes'),
  expired: rpcRefuse('TA1', 'answer.customer.emailCodeExpired'),
  none: validationFailure([refusal('emailId', 'refusal.customer.noEmailCodeWaiting')]),
  taken: validationFailure([refusal('emailId', 'refusal.customer.emailOfAnotherAccount')]),
}

export const handler: Handler<'emailConfirm'> = async (context, input) => {
  const { customerId } = requireSession(context)
  // Wrong tries are committed with the answer: the transaction never rolls back here.
  return context.db.transaction(async (tx) => {
    const email = (await ownEmails(tx, customerId)).find((row) => row.id === input.emailId)
    if (!email) return validationFailure([refusal('emailId', notYours)])
    if (email.confirmedAt) return rpcOk({ email: emailView(email) })
    const check = await redeemEmailCode(tx, email.id, input.confirmationCode)
    if (check !== 'confirmed') return failures[check]
    return rpcOk({ email: emailView({ ...email, confirmedAt: new Date() }) })
  })
}
