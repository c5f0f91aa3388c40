// helpDeskThreadGet: one message of a ticket with its full content and attachments.
import type { Handler } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { helpDesk } from '../adapters/help-desk/help-desks.ts'
import { noThread, supportCustomer } from './support-answers.ts'

export const handler: Handler<'helpDeskThreadGet'> = async (context) => {
  const { id = '', threadId = '' } = context.params
  const thread = await helpDesk().thread(context.db, supportCustomer(context), id, threadId)
  return thread ? reply(200, thread) : noThread()
}
