// passwordChangeApply: the recovery code sets the new password, in one transaction with the
// end of every session of the user, a notice e-mail and the PasswordChange realtime event
// (product-spec sections 7 and 8).
import { eq } from 'drizzle-orm'
import { users } from '../db/schema.ts'
import { revokeSignInsOf } from '../auth/tokens.ts'
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk, rpcSay, type Answer, type Failure } from '../rpc/outcome.ts'
import { hashPassword } from '../auth/password-hash.ts'
import { enqueueMessage } from '../security/outbox.ts'
import { publishToUser } from '../realtime/publish.ts'
import { checkAccountCode } from './account-codes.ts'
import { blockedRecovery, recoveryCodeOf, wrongRecoveryCode } from './recovery-code.ts'
import { languageOfUser } from '../messages/reader-language.ts'

export const handler: Handler<'passwordChangeApply'> = async (context, input) => {
  const found = await recoveryCodeOf(context, input.email)
  if (!found) return wrongRecoveryCode()
  const passwordHash = await hashPassword(input.password)
  const { user, row } = found
  return context.db.transaction(async (tx): Promise<Answer<'passwordChangeApply'> | Failure> => {
    const check = await checkAccountCode(tx, row, input.code, true)
    if (check === 'blocked') return blockedRecovery()
    if (check === 'wrong') return wrongRecoveryCode()
    await tx
      .update(users)
      .set({ passwordHash, failedAttempts: 0, blockedUntil: null })
      .where(eq(users.id, user.id))
    await revokeSignInsOf(tx, user.id)
    await enqueueMessage(tx, {
      channel: 'email',
      recipient: user.username,
      lang: context.lang ?? (await languageOfUser(tx, user.id)),
      mail: 'passwordWasReset',
    })
    await publishToUser(tx, user.id, { type: 'PasswordChange' })
    return rpcOk(rpcSay('answer.activation.passwordReset'))
  })
}
