// approvalCodeRequest: in the approvalCode mode (approval type 4) the submit sends no code;
// this call sends one for the newest transfer waiting for it.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { sendTransferCode } from './approval-code-sending.ts'

export const handler: Handler<'approvalCodeRequest'> = async (context) => {
  const { customerId, userId } = requireSession(context)
  return sendTransferCode(context.db, { customerId, userId }, undefined)
}
