// p2pMassTransferTextSubmit: one P2P transfer per pasted line, in the column order of the p2p
// sample file (product-spec sections 6 and 7); all or nothing, see mass-p2p.ts.
import type { Handler } from '../rpc/handler-context.ts'
import { actingUser } from './acting-user.ts'
import { submitP2pMass } from './mass-p2p.ts'

export const handler: Handler<'p2pMassTransferTextSubmit'> = async (context, input) =>
  submitP2pMass(context.db, {
    acting: await actingUser(context),
    accountId: input.accountId,
    idempotencyKey: input.idempotencyKey,
    source: 'text',
    field: 'text',
    fileName: 'pasted-payments.csv',
    mimeType: 'text/csv',
    content: Buffer.from(input.text, 'utf8'),
  })
