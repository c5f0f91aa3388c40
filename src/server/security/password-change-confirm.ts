// passwordChangeConfirm: the code of passwordChange applies the new password (product-spec
// section 7). Every refresh token of the user is revoked, so each device signs in again with
// the new password; the texts are the product's (section 8).
import { eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import {
  type Answer,
  type Failure,
  refusal,
  rpcOk,
  validationFailure,
  rpcRefuse,
  rpcSay,
} from '../rpc/outcome.ts'
import { users } from '../db/schema.ts'
import { revokeSignInsOf } from '../auth/tokens.ts'
import { redeemConfirmation } from './confirmations.ts'
import { emailOfUser, enqueueMessage } from './outbox.ts'
import { publishToUser } from '../realtime/publish.ts'
import { languageOfUser } from '../messages/reader-language.ts'

export const handler: Handler<'passwordChangeConfirm'> = async (context, input) => {
  const { userId } = requireSession(context)
  return context.db.transaction(async (db): Promise<Answer<'passwordChangeConfirm'> | Failure> => {
    const owner = { kind: 'passwordChange', userId } as const
    const redemption = await redeemConfirmation(db, owner, input.requestKey, input.code)
    if (redemption.outcome === 'canceled')
      return rpcRefuse('TA1', 'answer.security.confirmationCanceled')
    if (redemption.outcome === 'wrongCode') {
      const attempts = redemption.attemptsLeft
      return validationFailure([
        refusal('code', 'refusal.auth.wrongSentCodeAttempts', { attempts }),
      ])
    }
    const passwordHash = redemption.row.payload.passwordHash
    if (!passwordHash) throw new Error('assertion: a password change carries the new hash')
    await db
      .update(users)
      .set({ passwordHash, failedAttempts: 0, blockedUntil: null })
      .where(eq(users.id, userId))
    await revokeSignInsOf(db, userId)
    await enqueueMessage(db, {
      ...(await emailOfUser(db, userId)),
      lang: await languageOfUser(db, userId),
      mail: 'passwordChanged',
    })
    // Open pages of the user hear it (and sign out: their sessions are revoked above).
    await publishToUser(db, userId, { type: 'PasswordChange' })
    return rpcOk(rpcSay('answer.security.passwordUpdated'))
  })
}
