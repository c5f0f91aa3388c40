// passwordChangeCodeCheck: whether the recovery code is right, before the new password is
// asked for; the code stays valid, and wrong tries count.
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { checkAccountCode } from './account-codes.ts'
import { blockedRecovery, recoveryCodeOf, wrongRecoveryCode } from './recovery-code.ts'

export const handler: Handler<'passwordChangeCodeCheck'> = async (context, input) => {
  const found = await recoveryCodeOf(context, input.email)
  if (!found) return wrongRecoveryCode()
  const check = await checkAccountCode(context.db, found.row, input.code, false)
  if (check === 'blocked') return blockedRecovery()
  return check === 'right' ? rpcOk() : wrongRecoveryCode()
}
