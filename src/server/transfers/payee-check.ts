// payeeCheck: whether an e-mail can receive a P2P transfer from the caller (product-spec
// section 7): exists, isEmployee, outBlacklist false when the caller blacklisted it, and the
// payee's name as the transfer review shows it (payee-lookup.ts displayNameOf).
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { checkAnswer, payeeFacts } from './payee-lookup.ts'

export const handler: Handler<'payeeCheck'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const facts = await payeeFacts(context.db, customerId, input.email)
  return rpcOk({
    ...checkAnswer(facts),
    ...(facts.displayName !== undefined && { payeeName: facts.displayName }),
  })
}
