// supportAgentGet: the agent who looks after the acting customer: the one who answered it
// last; 204 while no agent has.
import type { Handler } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { helpDesk } from '../adapters/help-desk/help-desks.ts'
import { supportCustomer } from './support-answers.ts'

export const handler: Handler<'supportAgentGet'> = async (context) => {
  const agent = await helpDesk().agentOf(context.db, supportCustomer(context))
  return agent ? reply(200, agent) : reply(204)
}
