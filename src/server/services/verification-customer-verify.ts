// verificationCustomerVerify (product-spec section 7): sends a code to the customer's primary
// phone by SMS or call, bound to the PKCE challenge sent, after the captcha; the customer
// confirms it with confirmPhone (phoneId, codeVerifier, code). The access check acted for the
// customer of the path (rights 2, rpc/dispatch.ts), so context.customerId is it.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { sendVerificationCode } from './phone-verification.ts'

export const handler: Handler<'verificationCustomerVerify'> = async (context, input) => {
  const { customerId } = requireSession(context)
  if (Number(context.params.customerId) !== customerId) {
    throw new Error('assertion: the access check acts for the customer of the path')
  }
  const failure = await sendVerificationCode(context, 'primary', input)
  return failure ?? reply(204)
}
