// verificationPhoneVerify (product-spec section 7): sends a code to one of the acting customer's
// phones by SMS or call, bound to the PKCE challenge sent, after the captcha; the customer
// confirms it with confirmPhone (phoneId, codeVerifier, code). Another customer's phone, or a
// path that names no phone, answers as an unknown one.
import type { Handler } from '../rpc/handler-context.ts'
import { reply, restMessage } from '../rpc/outcome.ts'
import { sendVerificationCode } from './phone-verification.ts'

export const handler: Handler<'verificationPhoneVerify'> = async (context, input) => {
  const raw = context.params.phoneId ?? ''
  const phoneId = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : undefined
  if (phoneId === undefined || phoneId > 2 ** 31 - 1) {
    return restMessage(404, 'answer.phone.noSuchPhone')
  }
  const failure = await sendVerificationCode(context, { phoneId }, input)
  return failure ?? reply(204)
}
