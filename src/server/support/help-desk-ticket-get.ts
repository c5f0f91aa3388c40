// helpDeskTicketGet: one ticket of the token customer; anyone else's reads as none.
import type { Handler } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { helpDesk } from '../adapters/help-desk/help-desks.ts'
import { noTicket, supportCustomer } from './support-answers.ts'

export const handler: Handler<'helpDeskTicketGet'> = async (context) => {
  const id = context.params.id ?? ''
  const ticket = await helpDesk().ticket(context.db, supportCustomer(context), id)
  return ticket ? reply(200, ticket) : noTicket()
}
