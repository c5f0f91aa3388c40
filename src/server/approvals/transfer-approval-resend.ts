// transferApprovalResend: a new code for a transfer waiting for one; the older code stops
// working. approveType 2 sends it by SMS (to the confirmed phone), others by e-mail.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { sendTransferCode } from './approval-code-sending.ts'

export const handler: Handler<'transferApprovalResend'> = async (context, input) => {
  const { customerId, userId } = requireSession(context)
  return sendTransferCode(context.db, { customerId, userId }, input.trxid, input.approveType)
}
