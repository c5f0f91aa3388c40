// emailConfirmByLink: the link of the confirmation e-mail, without a session. Any failure is
// one answer, so the link reveals nothing; the portal shows the "E-MAIL CONFIRMATION" popup
// with the success or the failure text (product-spec section 2).
import type { Handler } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { confirmEmail } from './email-confirmations.ts'

export const handler: Handler<'emailConfirmByLink'> = async (context, input) => {
  if (await confirmEmail(context.db, input.emailId, input.confirmationCode)) {
    return rpcOk({ confirmed: true })
  }
  const description = 'refusal.common.validOrExpired'
  return validationFailure([refusal('confirmationCode', description)])
}
