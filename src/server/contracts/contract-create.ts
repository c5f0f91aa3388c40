// contractCreate (PUT /contract): the acting customer proposes a contract to the other party.
// It starts UNSIGNED: each side signs at its signing link (contractSignUrl); the state machine
// is in contract-states.ts. The initiator is the acting customer.
import { contracts } from '../db/schema-contracts.ts'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { viewOne } from './contract-records.ts'
import { proposalProblem } from './contract-proposal.ts'

export const handler: Handler<'contractCreate'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const problem = await proposalProblem(context, input)
  if (problem) return problem.failure
  const [row] = await context.db
    .insert(contracts)
    .values({
      status: 'UNSIGNED',
      companyId: input.companyId,
      senderId: input.senderId,
      beneficiaryId: input.beneficiaryId,
      initiatorId: customerId,
      percentage: (input.percentage ?? 0).toFixed(2),
      senderSignerName: input.senderSignerName ?? null,
      senderObligations: [...input.senderObligations],
      beneficiarySignerName: input.beneficiarySignerName ?? null,
      beneficiaryObligations: [...input.beneficiaryObligations],
      note: input.note ?? null,
      activeFrom: input.activeFrom,
    })
    .returning()
  if (!row) throw new Error('assertion: the contract was stored')
  return reply(200, { data: await viewOne(context, row) })
}
