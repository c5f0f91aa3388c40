// helpDeskTicketFieldList: the fields of the new-ticket form, in form order.
import type { Handler } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { helpDesk } from '../adapters/help-desk/help-desks.ts'

export const handler: Handler<'helpDeskTicketFieldList'> = async () =>
  reply(200, { data: helpDesk().fields() })
