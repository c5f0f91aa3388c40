// contractCheckSigner: whether the signed-in user may sign the contract for the acting
// customer now: full rights (2) on it, and the contract waits for this side's signature
// (product-spec section 6; docs/decisions.md, Contracts (revenue split)).
import type { Handler } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { contractOfActingCustomer } from './contract-records.ts'
import { allows } from './contract-states.ts'

/** The access right that signs for a company: full, as for its other commitments. */
export const signingRight = 2

export const handler: Handler<'contractCheckSigner'> = async (context) => {
  const found = await contractOfActingCustomer(context, context.params.id)
  if (!('row' in found)) return found
  const canSign = context.accessRight === signingRight && allows(found.row, found.party, 'sign')
  return reply(200, { data: { canSign } })
}
