// massTransferPreview: reads a mass external transfer file and answers its summary (counts,
// totals, fees, the lines that would be refused and why) without storing or sending anything
// (product-spec section 7); see mass-external.ts.
import type { Handler } from '../rpc/handler-context.ts'
import { refusal, validationFailure } from '../rpc/outcome.ts'
import { actingUser } from './acting-user.ts'
import { fileText } from './mass-files.ts'
import { previewExternalMass } from './mass-external.ts'

export const handler: Handler<'massTransferPreview'> = async (context, input) => {
  const file = fileText(input.file)
  if (!file) return validationFailure([refusal('file', 'refusal.common.noFile')])
  return previewExternalMass(context.db, {
    acting: await actingUser(context),
    accountId: input.data.accountId,
    transferType: input.data.transferType,
    fileName: file.name,
    mimeType: file.type,
    content: Buffer.from(file.text, 'utf8'),
    ...(context.refusalLang ? { lang: context.refusalLang } : {}),
  })
}
