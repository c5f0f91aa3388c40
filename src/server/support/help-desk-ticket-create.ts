// helpDeskTicketCreate: a new ticket with a subject, the first message and files uploaded
// before (helpDeskUploadCreate).
import type { Handler } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { helpDesk } from '../adapters/help-desk/help-desks.ts'
import { isUnknownUpload, supportCustomer, unknownUploadFailure } from './support-answers.ts'

export const handler: Handler<'helpDeskTicketCreate'> = async (context, input) => {
  const uploadIds = input.uploadIds ?? []
  const opened = await helpDesk().openTicket(context.db, supportCustomer(context), input.subject, {
    content: input.description,
    contentType: 'text/plain',
    uploadIds,
  })
  if (isUnknownUpload(opened)) return unknownUploadFailure(uploadIds, opened)
  return reply(200, opened)
}
