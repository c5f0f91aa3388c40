// termsAccept: the signed-in customer accepts terms a TE answer listed, and learns which are
// still pending (product-spec section 8; docs/decisions.md, "Post-login routing data").
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, validationFailure, refusal } from '../rpc/outcome.ts'
import { acceptTerms, currentTermIdsOf, pendingTermsOf, termView } from './pending-terms.ts'

export const handler: Handler<'termsAccept'> = async (context, input) => {
  const session = requireSession(context)
  // Terms bind the user's own customer; acting for a company does not accept for it.
  const customerId = context.session?.customerId ?? session.customerId
  const known = await currentTermIdsOf(context.db, customerId)
  const unknown = input.termIds.filter((id) => !known.has(id))
  if (unknown.length > 0) {
    return validationFailure([
      refusal('termIds', 'refusal.customer.termsNotInEffect', { terms: unknown.join(', ') }),
    ])
  }
  await acceptTerms(context.db, {
    customerId,
    userId: session.userId,
    ip: context.ip,
    termIds: input.termIds,
  })
  const pending = await pendingTermsOf(context.db, customerId)
  return rpcOk({ terms: pending.map(termView) })
}
