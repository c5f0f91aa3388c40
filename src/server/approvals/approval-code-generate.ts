// approvalCodeGenerate: a new code for the newest transfer waiting for one, replacing the
// previous code (which stops working at once); the code travels only to the customer.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { sendTransferCode } from './approval-code-sending.ts'

export const handler: Handler<'approvalCodeGenerate'> = async (context) => {
  const { customerId, userId } = requireSession(context)
  return sendTransferCode(context.db, { customerId, userId }, undefined)
}
