// helpDeskThreadCreate: the customer's reply, with files uploaded before; a closed ticket
// opens again.
import type { Handler } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { helpDesk } from '../adapters/help-desk/help-desks.ts'
import {
  isUnknownUpload,
  noTicket,
  supportCustomer,
  unknownUploadFailure,
} from './support-answers.ts'

export const handler: Handler<'helpDeskThreadCreate'> = async (context, input) => {
  const uploadIds = input.uploadIds ?? []
  const added = await helpDesk().reply(
    context.db,
    supportCustomer(context),
    context.params.id ?? '',
    {
      content: input.content,
      contentType: input.contentType ?? 'text/plain',
      uploadIds,
    },
  )
  if (!added) return noTicket()
  if (isUnknownUpload(added)) return unknownUploadFailure(uploadIds, added)
  return reply(200, added)
}
