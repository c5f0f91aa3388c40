// supportJwtGet: the first step of the support login (product-spec section 4): a short signed
// token naming the signed-in user and the customer acted for, for one help-desk widget.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { signLoginToken } from './help-desk-tokens.ts'

export const handler: Handler<'supportJwtGet'> = async (context) => {
  const session = requireSession(context)
  if (!context.session?.familyId) throw new Error('assertion: a signed-in call has a sign-in')
  const jwtToken = await signLoginToken(context.db, {
    userId: session.userId,
    ownCustomerId: context.session.customerId,
    isAdmin: session.isAdmin,
    customerId: session.customerId,
    familyId: context.session.familyId,
    clientId: context.query.widgetId,
  })
  return reply(200, { jwtToken })
}
