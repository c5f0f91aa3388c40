// p2pMassTransferFileSubmit: one P2P transfer per line of an uploaded CSV file in the layout of
// the p2p sample (product-spec sections 6 and 7); all or nothing, see mass-p2p.ts.
import type { Handler } from '../rpc/handler-context.ts'
import { refusal, validationFailure } from '../rpc/outcome.ts'
import { actingUser } from './acting-user.ts'
import { fileText } from './mass-files.ts'
import { submitP2pMass } from './mass-p2p.ts'

export const handler: Handler<'p2pMassTransferFileSubmit'> = async (context, input) => {
  const file = fileText(input.file)
  if (!file) return validationFailure([refusal('file', 'refusal.common.noFile')])
  return submitP2pMass(context.db, {
    acting: await actingUser(context),
    accountId: input.data.accountId,
    idempotencyKey: input.data.idempotencyKey,
    source: 'file',
    field: 'file',
    fileName: file.name,
    mimeType: file.type,
    content: Buffer.from(file.text, 'utf8'),
  })
}
