// massTransferUpload: sends every payment of a mass external transfer file, all or nothing,
// under the batch's idempotency key (product-spec sections 6 and 7); the session needs the
// mass flag of the type (sendMoneyMassWire...). See mass-external.ts.
import type { Handler } from '../rpc/handler-context.ts'
import { refusal, validationFailure } from '../rpc/outcome.ts'
import { actingUser } from './acting-user.ts'
import { fileText } from './mass-files.ts'
import { uploadExternalMass } from './mass-external.ts'

export const handler: Handler<'massTransferUpload'> = async (context, input) => {
  const file = fileText(input.file)
  if (!file) return validationFailure([refusal('file', 'refusal.common.noFile')])
  return uploadExternalMass(context.db, {
    acting: await actingUser(context),
    accountId: input.data.accountId,
    transferType: input.data.transferType,
    idempotencyKey: input.data.idempotencyKey,
    fileName: file.name,
    mimeType: file.type,
    content: Buffer.from(file.text, 'utf8'),
  })
}
