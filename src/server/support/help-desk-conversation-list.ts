// helpDeskConversationList: a ticket's messages, oldest first, each with its summary.
import type { Handler } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { helpDesk } from '../adapters/help-desk/help-desks.ts'
import { noTicket, pageOf, supportCustomer } from './support-answers.ts'

export const handler: Handler<'helpDeskConversationList'> = async (context) => {
  const id = context.params.id ?? ''
  const page = pageOf(context.query, 100)
  const data = await helpDesk().threads(context.db, supportCustomer(context), id, page)
  return data ? reply(200, { data }) : noTicket()
}
