// The checks of a new contract (product-spec section 5, Contract create), shared by
// contractCreate and contractVerify. The schema has checked the fields' shapes; here: a
// percentage of at most two decimals and an activeFrom not in the past (VF naming the field),
// the customers exist (404), and the contract can be made (422): two different business
// customers, the acting customer one of them, the company one of them.
import { inArray } from 'drizzle-orm'
import { customers } from '../db/schema.ts'
import { isBusinessCustomer } from '../../shared/access-rights.ts'
import type { HandlerContext, RequestOf } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import {
  refusal,
  restMessage,
  validationFailure,
  type AnswerKey,
  type FieldError,
  type Failure,
} from '../rpc/outcome.ts'
import { todayUtc } from './contract-states.ts'

export type Proposal = RequestOf<'contractCreate'>

/** Why a proposal fails, by the answer it gets: VF (400), 404, or 422. */
export type ProposalProblem =
  | { kind: 'malformed'; failure: Failure }
  | { kind: 'notFound'; failure: Failure }
  | { kind: 'refused'; failure: Failure }

function fieldErrors(proposal: Proposal, now: Date): FieldError[] {
  const errors: FieldError[] = []
  const percentage = proposal.percentage
  // The schema leaves the share optional, but a contract without one splits nothing.
  if (percentage === undefined) errors.push(refusal('percentage', 'refusal.validation.required'))
  // A share is written to the hundredth of a percent (numeric(5,2)); more would be rounded.
  else if (Number(percentage.toFixed(2)) !== percentage) {
    errors.push(refusal('percentage', 'refusal.contracts.percentageDecimals'))
  }
  if (proposal.activeFrom < todayUtc(now)) {
    errors.push(refusal('activeFrom', 'refusal.contracts.activeFromPast'))
  }
  return errors
}

const refused = (key: AnswerKey): ProposalProblem => ({
  kind: 'refused',
  failure: restMessage(422, key),
})

/** What is wrong with the proposal, or undefined when it can become a contract. */
export async function proposalProblem(
  context: HandlerContext,
  proposal: Proposal,
  now = new Date(),
): Promise<ProposalProblem | undefined> {
  const { customerId } = requireSession(context)
  const errors = fieldErrors(proposal, now)
  if (errors.length > 0) return { kind: 'malformed', failure: validationFailure(errors, 400) }
  const ids = [proposal.companyId, proposal.senderId, proposal.beneficiaryId]
  const found = await context.db
    .select({ id: customers.id, customerType: customers.customerType })
    .from(customers)
    .where(inArray(customers.id, ids))
  const typeOf = new Map(found.map((row) => [row.id, row.customerType]))
  if (ids.some((id) => !typeOf.has(id))) {
    return { kind: 'notFound', failure: restMessage(404, 'answer.contracts.customerNotFound') }
  }
  const parties = [proposal.senderId, proposal.beneficiaryId]
  if (proposal.senderId === proposal.beneficiaryId) return refused('answer.contracts.sameParty')
  if (!parties.includes(customerId)) return refused('answer.contracts.notAParty')
  if (parties.some((id) => !isBusinessCustomer(typeOf.get(id) ?? 0))) {
    return refused('answer.contracts.notBusiness')
  }
  if (!parties.includes(proposal.companyId)) return refused('answer.contracts.companyNotAParty')
  return undefined
}
