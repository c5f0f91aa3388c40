// cryptoTransferSubmit: sends crypto to a wallet (product-spec sections 5-7). The checks, the
// permission flag, the approval route and the hand-over to the rail are shared by every external
// kind and by mass files (external-transfers.ts).
import type { Handler } from '../rpc/handler-context.ts'
import { actingUser } from './acting-user.ts'
import { submitExternalTransfer } from './external-transfers.ts'

export const handler: Handler<'cryptoTransferSubmit'> = async (context, input) =>
  submitExternalTransfer(context.db, await actingUser(context), 'crypto_eft', input)
