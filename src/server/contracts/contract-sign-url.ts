// contractSignUrl: where the signed-in user signs the contract: the portal's own signing page
// (the contract's page, which asks for the user's password and calls contractSign), with the
// portal as the signing client; no third party signs (docs/decisions.md, Contracts (revenue
// split)). 422 when this user may not sign it now.
import type { Handler } from '../rpc/handler-context.ts'
import { reply, restMessage } from '../rpc/outcome.ts'
import { contractOfActingCustomer } from './contract-records.ts'
import { allows } from './contract-states.ts'
import { signingRight } from './contract-check-signer.ts'

/** The signing client: the portal itself. */
export const signingClientId = 'portal'

export const handler: Handler<'contractSignUrl'> = async (context) => {
  const found = await contractOfActingCustomer(context, context.params.id)
  if (!('row' in found)) return found
  if (context.accessRight !== signingRight || !allows(found.row, found.party, 'sign')) {
    return restMessage(422, 'answer.contracts.cannotSign')
  }
  const signUrl = `/revenue-split/${found.row.id}?sign=1`
  return reply(200, { data: { signUrl, clientId: signingClientId } })
}
