// contractVerify: "verify parameters" of product-spec section 4, the create checks without
// creating. A malformed field is VF (400) and an unknown customer 404, as for create; a
// well-formed proposal that cannot become a contract answers isValid false.
import type { Handler } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { proposalProblem } from './contract-proposal.ts'

export const handler: Handler<'contractVerify'> = async (context, input) => {
  const problem = await proposalProblem(context, input)
  if (problem && problem.kind !== 'refused') return problem.failure
  return reply(200, { data: { isValid: problem === undefined } })
}
