// emailExistsCheck: whether an e-mail already belongs to a customer or a business employee; the
// portal maps it to the existence status of product-spec section 5 (0 not found, 1 exists,
// 3 exists as employee).
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { checkAnswer, payeeFacts } from './payee-lookup.ts'

export const handler: Handler<'emailExistsCheck'> = async (context, input) => {
  const { customerId } = requireSession(context)
  return rpcOk(checkAnswer(await payeeFacts(context.db, customerId, input.email)))
}
