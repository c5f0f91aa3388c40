// helpDeskUploadCreate: a file to attach to a new ticket or reply, checked by its bytes as
// every upload is (uploads/stored-files.ts: PDF, JPEG or PNG, at most 10 MB); a refused file
// is VF naming the part.
import type { Handler } from '../rpc/handler-context.ts'
import { reply, validationFailure } from '../rpc/outcome.ts'
import { checkUploadedFile } from '../uploads/stored-files.ts'
import { helpDesk } from '../adapters/help-desk/help-desks.ts'
import { supportCustomer } from './support-answers.ts'

export const handler: Handler<'helpDeskUploadCreate'> = async (context, input) => {
  const checked = checkUploadedFile(input.file, 'file')
  if (!checked.ok) return validationFailure([checked.error], 400)
  const uploaded = await helpDesk().upload(context.db, supportCustomer(context), checked.file)
  return reply(200, uploaded)
}
