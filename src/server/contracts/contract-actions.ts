// The contract actions of product-spec section 4 (cancel, reject, terminate with a note,
// cancel termination, terminate now), shared by their handler files: the contract is locked,
// the state machine (contract-states.ts) decides, and the change is written with its time.
// A status that does not allow the action is 422 with a message, as the spec says.
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { contracts } from '../db/schema-contracts.ts'
import type { HandlerContext } from '../rpc/handler-context.ts'
import { reply, restMessage, type Answer, type Failure } from '../rpc/outcome.ts'
import { contractOfActingCustomer, viewOne } from './contract-records.ts'
import { allows, todayUtc, type ContractAction, type PartyView } from './contract-states.ts'

type ActionOperation =
  | 'contractCancel'
  | 'contractReject'
  | 'contractTerminate'
  | 'contractTerminateCancel'
  | 'contractTerminateNow'

type Change = Partial<typeof contracts.$inferInsert>

/** What each action writes, given the party taking it and the request's note. */
const changes: Record<
  Exclude<ContractAction, 'sign'>,
  (party: PartyView, now: Date, note?: string) => Change
> = {
  cancel: () => ({ status: 'CANCELLED' }),
  reject: () => ({ status: 'REJECTED' }),
  terminate: (party, now, note) => ({
    status: 'TERMINATING',
    terminateRequestedBy: party.customerId,
    terminateRequestedAt: now,
    terminateNote: note ?? null,
  }),
  // Back to SIGNED, which reads ACTIVE from activeFrom on; the request is forgotten.
  terminateCancel: () => ({
    status: 'SIGNED',
    terminateRequestedBy: null,
    terminateRequestedAt: null,
    terminateNote: null,
  }),
  terminateNow: (_party, now) => ({ status: 'TERMINATED', activeTo: todayUtc(now) }),
}

/** Takes the action for the acting customer and answers the contract after it. */
export async function takeAction(
  context: HandlerContext,
  action: Exclude<ContractAction, 'sign'>,
  note?: string,
): Promise<Answer<ActionOperation> | Failure> {
  const found = await contractOfActingCustomer(context, context.params.id)
  if (!('row' in found)) return found
  const { party } = found
  const contractId = found.row.id
  const outcome = await context.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db
    // Locked, so two actions at once cannot both pass the check on the same status.
    const [row] = await tx
      .select()
      .from(contracts)
      .where(eq(contracts.id, contractId))
      .for('update')
    if (!row) throw new Error('assertion: a contract found a moment ago exists')
    const now = new Date()
    if (!allows(row, party, action, now)) return undefined
    const [changed] = await tx
      .update(contracts)
      .set({ ...changes[action](party, now, note), updatedAt: now })
      .where(eq(contracts.id, contractId))
      .returning()
    return changed
  })
  if (!outcome) return restMessage(422, 'answer.contracts.actionNotAllowed')
  return reply(200, { data: await viewOne(context, outcome) })
}
