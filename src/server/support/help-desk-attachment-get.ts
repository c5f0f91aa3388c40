// helpDeskAttachmentGet: the bytes of a message's attachment, for the ticket's customer only.
import type { Handler } from '../rpc/handler-context.ts'
import { fileReply } from '../rpc/outcome.ts'
import { helpDesk } from '../adapters/help-desk/help-desks.ts'
import { noAttachment, supportCustomer } from './support-answers.ts'

export const handler: Handler<'helpDeskAttachmentGet'> = async (context) => {
  const { id = '', threadId = '', attachmentId = '' } = context.params
  const file = await helpDesk().attachment(context.db, supportCustomer(context), {
    ticketId: id,
    threadId,
    attachmentId,
  })
  return file ? fileReply(file.content, file.contentType, file.fileName) : noAttachment()
}
