// contractIdentificationStarted: the payer's signer has started the identity check a signed
// contract waits for; its identificationStatus becomes PROCESSING (product-spec section 3).
// Only the payer's side is identified, and only while the contract needs it (else 422).
import { and, eq, inArray } from 'drizzle-orm'
import { contracts } from '../db/schema-contracts.ts'
import type { Handler } from '../rpc/handler-context.ts'
import { reply, restMessage } from '../rpc/outcome.ts'
import { contractOfActingCustomer } from './contract-records.ts'

export const handler: Handler<'contractIdentificationStarted'> = async (context) => {
  const found = await contractOfActingCustomer(context, context.params.id)
  if (!('row' in found)) return found
  if (!found.party.isSender) return restMessage(422, 'answer.contracts.noIdentificationNeeded')
  const changed = await context.db
    .update(contracts)
    .set({ identificationStatus: 'PROCESSING', updatedAt: new Date() })
    .where(
      and(
        eq(contracts.id, found.row.id),
        eq(contracts.status, 'NEED_IDENTIFICATION'),
        inArray(contracts.identificationStatus, ['NEW', 'FAILED', 'PROCESSING']),
      ),
    )
    .returning({ id: contracts.id })
  if (changed.length === 0) return restMessage(422, 'answer.contracts.noIdentificationNeeded')
  return reply(204)
}
